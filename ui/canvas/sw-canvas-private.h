/* sw-canvas-private.h: the schematic canvas's geometry as pure functions
 * (coordinate transforms, snapping, hit testing, wire routing, free spots),
 * entry points for tests that play pointer events without a real
 * pointer, and what the widget's files share (its instance struct and the
 * _sw_canvas_ functions one file defines and another calls).
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
#include "sw-symbols.h"

G_BEGIN_DECLS

#define SW_CANVAS_GRID       10.0
/* How far a wire leaves a port straight before it turns. */
#define SW_CANVAS_WIRE_STUB  10.0
#define SW_CANVAS_ROUTE_MAX  16

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

/* sw-canvas-labels.c: below a zoom where the labels in model units would
 * not be readable, compact ones: ids only, at a fixed size on the screen,
 * where they overlap nothing (none elsewhere); the tooltip of a part gives
 * what they leave out. */
typedef struct {
  guint        item;
  SwCanvasRect rect;      /* the label's box, model units */
  gboolean     with_key;  /* the parameter line under the id */
  double       id_w, id_h, key_w;
} SwCanvasLabelPlace;

gboolean      _sw_canvas_labels_compact    (SwCanvas           *self);
/* A compact label's text size (line 0 the id, 1 the parameters), in
 * model units at the zoom shown. */
double        _sw_canvas_compact_label_size (SwCanvas          *self,
                                            guint               line);
/* The compact labels of the parts in a view of width × height pixels,
 * into places (of SwCanvasLabelPlace). */
void          _sw_canvas_place_compact_labels (SwCanvas        *self,
                                            int                 width,
                                            int                 height,
                                            GArray             *places);
/* "id (kind)" and the parameter line, for a part's tooltip. */
char         *_sw_canvas_dup_item_tooltip  (SwCanvas           *self,
                                            guint               index);

/* sw-canvas-router.c: every part's box grown over its ports, by place;
 * what the wires keep off. Built from the items' boxes (index = item). */
typedef struct _SwCanvasParts SwCanvasParts;

SwCanvasParts *_sw_canvas_parts_new        (const SwCanvasRect *boxes,
                                            guint               n_boxes);
void          _sw_canvas_parts_free        (SwCanvasParts      *parts);
const SwCanvasRect *_sw_canvas_parts_get_box (const SwCanvasParts *parts,
                                            guint               index);
/* The parts whose grown box meets region, into found (of guint). */
void          _sw_canvas_parts_find        (SwCanvasParts      *parts,
                                            const SwCanvasRect *region,
                                            GArray             *found);
/* Whether an axis-parallel segment enters rect's inside (not its edge). */
gboolean      _sw_canvas_segment_crosses   (double              x1,
                                            double              y1,
                                            double              x2,
                                            double              y2,
                                            const SwCanvasRect *rect);
/* The maze router: a way from port a to port b (each with its stub) that
 * enters no part but at its ends, with few bends, where it can not along
 * the others (other nodes' wires); FALSE when none was found near them
 * (route untouched). */
gboolean      _sw_canvas_parts_route       (SwCanvasParts      *parts,
                                            double              ax,
                                            double              ay,
                                            SwCanvasDir         a_dir,
                                            double              bx,
                                            double              by,
                                            SwCanvasDir         b_dir,
                                            const SwCanvasRoute *others,
                                            guint               n_others,
                                            SwCanvasRoute      *route);
/* _sw_canvas_route() with standard stubs that also pays for every part it
 * crosses, wherever it is, but parts a and b (its ends); TRUE when the
 * route found enters none of them. */
gboolean      _sw_canvas_route_among       (double              ax,
                                            double              ay,
                                            SwCanvasDir         a_dir,
                                            double              bx,
                                            double              by,
                                            SwCanvasDir         b_dir,
                                            const SwCanvasObstacle *obstacles,
                                            guint               n_obstacles,
                                            const SwCanvasRoute *others,
                                            guint               n_others,
                                            SwCanvasParts      *parts,
                                            guint               a,
                                            guint               b,
                                            SwCanvasRoute      *route);
/* Drops repeated points and the middle of straight runs. */
void          _sw_canvas_route_simplify    (SwCanvasRoute      *route);

/* sw-canvas-spots.c: the first free grid spot, row by row, for a box of
 * width × height that keeps clear of the occupied boxes; the centre goes to
 * (x, y). Spots: the boxes placed so far, indexed (boxes are only added). */
typedef struct _SwCanvasSpots SwCanvasSpots;

SwCanvasSpots *_sw_canvas_spots_new        (void);
void          _sw_canvas_spots_free        (SwCanvasSpots      *spots);
void          _sw_canvas_spots_add         (SwCanvasSpots      *spots,
                                            const SwCanvasRect *box);
void          _sw_canvas_spots_find        (SwCanvasSpots      *spots,
                                            double              width,
                                            double              height,
                                            double             *x,
                                            double             *y);
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
/* A key press as the canvas's key controller gets it: TRUE when the canvas
 * used it (see the keys in sw-canvas.h). */
/* Centres the view on the component unless it and its labels are wholly
 * in sight (sw-canvas-keys.c). */
void          _sw_canvas_centre_component  (SwCanvas           *canvas,
                                            guint               index);
gboolean      _sw_canvas_key_press         (SwCanvas           *canvas,
                                            guint               keyval,
                                            GdkModifierType     state);
/* While connecting from the keyboard: the target port, or -1. */
int           _sw_canvas_get_connect_target (SwCanvas          *canvas,
                                             guint             *port);

/* For tests (sw-canvas-modes.c): the colour of a component's kinetic
 * (bodies) or potential (sections) energy share in the mode shown; FALSE
 * when it has none. The legend's box in widget pixels (FALSE: no legend),
 * the section outlined as most excitable (or NULL), the animation's tick
 * callback (0: not running). */
gboolean      _sw_canvas_get_mode_colour   (SwCanvas           *canvas,
                                            const char         *id,
                                            gboolean            kinetic,
                                            double              rgb[3]);
gboolean      _sw_canvas_get_mode_legend   (SwCanvas           *canvas,
                                            SwCanvasRect       *rect);
/* The area of symbols and labels the legend hides, px². */
double        _sw_canvas_get_mode_legend_cover (SwCanvas       *canvas);
const char   *_sw_canvas_get_mode_outlined (SwCanvas           *canvas);
guint         _sw_canvas_get_mode_tick     (SwCanvas           *canvas);

/* The widget's files:
 *   sw-canvas.c          the type, properties, model and history, the
 *                        selection, the view, hints, the public API
 *   sw-canvas-items.c    the cache of items (one per component: place,
 *                        ports, labels) and the routes of the wires
 *   sw-canvas-draw.c     the snapshot: grid, wires, symbols, labels,
 *                        problem marks, the connection being drawn, hints
 *   sw-canvas-input.c    pointer and drop: select, move, connect, rubber
 *                        band, pan and zoom; the controllers
 *   sw-canvas-place.c    placing a kind or a subsystem
 *   sw-canvas-keys.c     the keyboard: walk, move, select by direction,
 *                        connect port to port
 *   sw-canvas-actions.c  the "canvas." actions and the clipboard
 *   sw-canvas-geometry.c the pure functions above
 *   sw-canvas-modes.c    a mode's energies as colours, the legend, the
 *                        animation */

#define SW_CANVAS_MIN_ZOOM   0.2
#define SW_CANVAS_MAX_ZOOM   5.0
#define SW_CANVAS_ZOOM_STEP  1.25

typedef enum {
  SW_CANVAS_MODE_NONE,
  SW_CANVAS_MODE_PENDING,      /* pressed on a component, not moved yet */
  SW_CANVAS_MODE_MOVE,
  SW_CANVAS_MODE_CONNECT,
  SW_CANVAS_MODE_RUBBER_BAND,
} SwCanvasMode;

typedef enum {
  SW_CANVAS_LABEL_ABOVE,
  SW_CANVAS_LABEL_BELOW,
  SW_CANVAS_LABEL_RIGHT,
} SwCanvasLabelSide;

typedef struct {
  char              *id;
  const SwKind      *kind;
  gboolean           has_position;
  double             x, y;
  int                rotation;
  gboolean           flipped;
  SwCanvasRect       box;
  double             port_x[SW_KIND_MAX_PORTS];
  double             port_y[SW_KIND_MAX_PORTS];
  SwCanvasDir        port_dir[SW_KIND_MAX_PORTS];
  SwCanvasLabelSide  label_side;
  char              *key;       /* the key parameter text, or NULL */
  double             label_w[2], label_h[2];  /* id and key lines */
  SwCanvasRect       label;     /* around the labels */
  SwCanvasRect       keep_out;  /* the box and its labels */
  gboolean           selected;
  const char        *problem;   /* borrowed from self->problems */
  guint              unconnected; /* bit p: port p marked as not connected */
} SwCanvasItem;

typedef struct {
  guint  index;
  double x, y;
} SwCanvasMoveStart;

/* A port of the subsystem shown (its "interface"), drawn inside: its
 * outer name, the inner port it is, where its marker is (model units) and
 * the way it faces (sw-canvas-interface.c). */
typedef struct {
  char        *name;
  guint        component, port;
  double       x, y;
  SwCanvasDir  dir;
} SwCanvasInterfacePort;


struct _SwCanvas
{
  GtkWidget     parent_instance;

  SwModel      *model;
  SwHistory    *history;
  gulong        changed_handler;

  SwCanvasView  view;
  gboolean      needs_fit;
  /* The view was fitted and not zoomed or panned since: it is fitted
   * again when the canvas changes size (fit_width × fit_height then). */
  gboolean      fit_follows;
  int           fit_width, fit_height;

  GArray       *items;            /* SwCanvasItem, one per component */
  PangoContext *label_context;    /* measures labels in model units */
  GArray       *routes;           /* SwCanvasRoute per connection, or NULL: see
                                   * _sw_canvas_get_routes() */
  GHashTable   *auto_positions;   /* id → double[2], for components without one */
  GHashTable   *selection;        /* id → index + 1 */
  char         *wire_from;        /* selected wire as "id.port" pairs, or NULL */
  char         *wire_to;
  GHashTable   *problems;         /* id → message */
  GHashTable   *unconnected;      /* id → mask of ports marked as not connected */
  GArray       *interface_ports;  /* SwCanvasInterfacePort: the subsystem shown's ports */

  /* Pointer interaction. */
  SwCanvasMode  mode;
  double        press_x, press_y;
  double        pointer_x, pointer_y;
  gboolean      pointer_inside;
  int           press_component;
  gboolean      select_only_on_release;
  GArray       *move_start;       /* SwCanvasMoveStart */
  gboolean      in_group;
  int           connect_component;
  guint         connect_port;
  gboolean      key_connect;      /* connecting from the keyboard: the target
                                   * is hover_component/hover_port */
  int           hover_component;  /* the port under the pointer, or -1 */
  guint         hover_port;
  GHashTable   *band_base;        /* selection when the rubber band began */
  const SwKind *placing;

  char         *hint;             /* near the pointer */
  double        hint_x, hint_y;
  guint         hint_timeout;

  double        gesture_zoom;
  double        pan_tx, pan_ty;
  guint         paste_count;

  /* A mode shown on the symbols (sw-canvas-modes.c), or NULL; owned by the
   * canvas's object data. */
  struct _SwCanvasModeView *mode_view;
  char              *path_prefix;   /* the subsystem shown ("engine1."), or NULL: the modes' parts are named so */
};

static inline SwCanvasItem *
_sw_canvas_get_item (SwCanvas *self,
                     guint     index)
{
  return &g_array_index (self->items, SwCanvasItem, index);
}

/* For tests: the problem message marked on the component id (several: one
 * per line), or NULL when it is not marked. */
static inline const char *
_sw_canvas_get_problem (SwCanvas   *self,
                        const char *id)
{
  return g_hash_table_lookup (self->problems, id);
}

/* For tests: whether port of the component id is marked as not connected
 * (what the drawing reads). */
static inline gboolean
_sw_canvas_get_port_unconnected (SwCanvas   *self,
                                 const char *id,
                                 guint       port)
{
  return port < SW_KIND_MAX_PORTS &&
         (GPOINTER_TO_UINT (g_hash_table_lookup (self->unconnected, id)) & (1u << port)) != 0;
}

/* For tests: how many components are marked as problems. */
static inline guint
_sw_canvas_get_n_problems (SwCanvas *self)
{
  return g_hash_table_size (self->problems);
}

/* sw-canvas-interface.c */
void          _sw_canvas_interface_port_clear (gpointer             data);
void          _sw_canvas_interface_rebuild   (SwCanvas            *self);
SwCanvasRect  _sw_canvas_interface_bounds    (SwCanvas            *self,
                                              const SwCanvasRect  *bounds);
void          _sw_canvas_interface_draw      (SwCanvas            *self,
                                              cairo_t             *cr,
                                              PangoLayout         *layout,
                                              const SwSymbolStyle *style);

/* sw-canvas.c */
void                  _sw_canvas_group_begin           (SwCanvas             *self);
void                  _sw_canvas_group_end             (SwCanvas             *self);
void                  _sw_canvas_edit_begin            (SwCanvas             *self);
void                  _sw_canvas_edit_end              (SwCanvas             *self);
char                 *_sw_canvas_dup_port_path         (const SwCanvasItem   *item,
                                                        guint                 port);
void                  _sw_canvas_selection_changed     (SwCanvas             *self);
gboolean              _sw_canvas_clear_wire_selection  (SwCanvas             *self);
void                  _sw_canvas_select_add            (SwCanvas             *self,
                                                        guint                 index);
void                  _sw_canvas_select_only           (SwCanvas             *self,
                                                        const guint          *indices,
                                                        guint                 n);
void                  _sw_canvas_select_none           (SwCanvas             *self);
void                  _sw_canvas_select_indices_array  (SwCanvas             *self,
                                                        GArray               *indices);
void                  _sw_canvas_select_wire           (SwCanvas             *self,
                                                        guint                 connection);
int                   _sw_canvas_find_selected_wire    (SwCanvas             *self);
GArray               *_sw_canvas_dup_selection_indices (SwCanvas             *self);
void                  _sw_canvas_to_model              (SwCanvas             *self,
                                                        double                wx,
                                                        double                wy,
                                                        double               *mx,
                                                        double               *my);
void                  _sw_canvas_set_view_zoom         (SwCanvas             *self,
                                                        double                zoom,
                                                        double                wx,
                                                        double                wy);
void                  _sw_canvas_zoom_fit              (SwCanvas             *self);
void                  _sw_canvas_show_hint             (SwCanvas             *self,
                                                        const char           *text,
                                                        double                x,
                                                        double                y,
                                                        gboolean              timeout);
void                  _sw_canvas_hide_hint             (SwCanvas             *self);

/* sw-canvas-items.c */
void                  _sw_canvas_item_clear            (gpointer              data);
void                  _sw_canvas_rebuild_items         (SwCanvas             *self);
void                  _sw_canvas_ensure_items          (SwCanvas             *self);
SwCanvasRect          _sw_canvas_content_bounds        (SwCanvas             *self);
PangoFontDescription *_sw_canvas_dup_label_font        (GtkWidget            *widget);
void                  _sw_canvas_set_label_font        (PangoFontDescription *font,
                                                        guint                 line);
void                  _sw_canvas_label_origin          (const SwCanvasItem   *item,
                                                        guint                 line,
                                                        double               *x,
                                                        double               *y);
gboolean              _sw_canvas_connections_meet      (const SwConnection   *a,
                                                        const SwConnection   *b);
void                  _sw_canvas_item_obstacles        (const SwCanvasItem   *item,
                                                        SwCanvasObstacle     *obstacles);
const SwCanvasRoute  *_sw_canvas_get_routes            (SwCanvas             *self);

/* sw-canvas-draw.c */
void                  _sw_canvas_snapshot              (GtkWidget            *widget,
                                                        GtkSnapshot          *snapshot);

/* sw-canvas-modes.c: under the symbols (energy colours, the outline),
 * the offset of item's symbol and of a wire's route when animated (FALSE:
 * not moved), the legend in widget units. */
void                  _sw_canvas_modes_draw_under      (SwCanvas             *self,
                                                        cairo_t              *cr,
                                                        const SwSymbolStyle  *style);
void                  _sw_canvas_modes_get_offset      (SwCanvas             *self,
                                                        guint                 item,
                                                        double               *dx,
                                                        double               *dy);
gboolean              _sw_canvas_modes_move_route      (SwCanvas             *self,
                                                        const SwConnection   *connection,
                                                        const SwCanvasRoute  *route,
                                                        SwCanvasRoute        *moved);
void                  _sw_canvas_modes_draw_legend     (SwCanvas             *self,
                                                        cairo_t              *cr,
                                                        int                   width,
                                                        int                   height,
                                                        const SwSymbolStyle  *style);

/* sw-canvas-input.c */
void                  _sw_canvas_input_init            (SwCanvas             *self);
gboolean              _sw_canvas_connect_to            (SwCanvas             *self,
                                                        int                   component,
                                                        guint                 port,
                                                        double                x,
                                                        double                y);

/* sw-canvas-place.c */
int                   _sw_canvas_place_at              (SwCanvas             *self,
                                                        const SwKind         *kind,
                                                        const char           *path,
                                                        double                mx,
                                                        double                my,
                                                        double                wx,
                                                        double                wy);
void                  _sw_canvas_place_kind            (SwCanvas             *self,
                                                        const SwKind         *kind,
                                                        double                wx,
                                                        double                wy);
void                  _sw_canvas_view_center           (SwCanvas             *self,
                                                        double               *wx,
                                                        double               *wy);
int                   _sw_canvas_place_at_center       (SwCanvas             *self,
                                                        const SwKind         *kind);
void                  _sw_canvas_end_placing           (SwCanvas             *self);

/* sw-canvas-actions.c */
void                  _sw_canvas_class_actions_init    (GtkWidgetClass       *widget_class);
void                  _sw_canvas_update_actions        (SwCanvas             *self);
void                  _sw_canvas_emit_component_activated (SwCanvas          *self,
                                                        guint                 component);

/* The key of grid bucket (bx, by) in the spatial hashes of the router and
 * the free spots: unsigned, as a negative bucket shifted left is undefined
 * in C. */
static inline gint64
_sw_canvas_bucket_key (gint64 bx, gint64 by)
{
  return (gint64) (((guint64) bx << 32) ^ ((guint64) by & 0xffffffffu));
}

G_END_DECLS
