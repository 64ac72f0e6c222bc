/* sw-canvas.c: the schematic editor of a model.
 *
 * The canvas keeps no copy of the document: on every "changed" of the model
 * it rebuilds a small cache (one Item per component: where it is drawn, its
 * box and its ports) and redraws. Every edit goes through the model API, so
 * a SwHistory on the model records it; gestures that make many edits
 * (dragging, deleting several components) are one history group.
 *
 * The selection is kept by component id, so that it survives edits that
 * shift indices; a component renamed in place stays selected.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas.h"
#include "sw-canvas-private.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-symbols.h"

#define MIN_ZOOM        0.2
#define MAX_ZOOM        5.0
#define FIT_MAX_ZOOM    2.0
#define ZOOM_STEP       1.25
#define DRAG_THRESHOLD  4.0      /* pixels before a press becomes a drag */
#define PORT_HIT_PX     8.0      /* pixels around a port that grab it */
#define WIRE_HIT_PX     5.0
#define PASTE_OFFSET    20.0     /* model units */
#define HINT_TIMEOUT_MS 4000
#define KIND_PREFIX     "shaftwork-kind:"
/* Text sizes in model units, so that labels zoom with the drawing. */
#define ID_TEXT_SIZE    11.0
#define KEY_TEXT_SIZE   10.0
#define LABEL_GAP       8.0      /* clear of the selection and problem outlines */

typedef enum {
  MODE_NONE,
  MODE_PENDING,       /* pressed on a component, not moved yet */
  MODE_MOVE,
  MODE_CONNECT,
  MODE_RUBBER_BAND,
} Mode;

typedef enum {
  LABEL_ABOVE,
  LABEL_BELOW,
  LABEL_RIGHT,
} LabelSide;

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
  LabelSide          label_side;
  char              *key;       /* the key parameter text, or NULL */
  double             label_w[2], label_h[2];  /* id and key lines */
  SwCanvasRect       label;     /* around the labels */
  SwCanvasRect       keep_out;  /* the box and its labels */
  gboolean           selected;
  const char        *problem;   /* borrowed from self->problems */
} Item;

typedef struct {
  guint  index;
  double x, y;
} MoveStart;

struct _SwCanvas
{
  GtkWidget     parent_instance;

  SwModel      *model;
  SwHistory    *history;
  gulong        changed_handler;

  SwCanvasView  view;
  gboolean      needs_fit;

  GArray       *items;            /* Item, one per component */
  PangoContext *label_context;    /* measures labels in model units */
  GArray       *routes;           /* SwCanvasRoute per connection, or NULL: see get_routes() */
  GHashTable   *auto_positions;   /* id → double[2], for components without one */
  GHashTable   *selection;        /* id → index + 1 */
  char         *wire_from;        /* selected wire as "id.port" pairs, or NULL */
  char         *wire_to;
  GHashTable   *problems;         /* id → message */

  /* Pointer interaction. */
  Mode          mode;
  double        press_x, press_y;
  double        pointer_x, pointer_y;
  gboolean      pointer_inside;
  int           press_component;
  gboolean      select_only_on_release;
  GArray       *move_start;       /* MoveStart */
  gboolean      in_group;
  int           connect_component;
  guint         connect_port;
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
};

G_DEFINE_FINAL_TYPE (SwCanvas, sw_canvas, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_HISTORY,
  PROP_ZOOM,
  N_PROPS
};

enum {
  SELECTION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void rebuild_items (SwCanvas *self);

/* Small helpers */

static Item *
get_item (SwCanvas *self,
          guint     index)
{
  return &g_array_index (self->items, Item, index);
}

static double
clamp_zoom (double zoom)
{
  return CLAMP (zoom, MIN_ZOOM, MAX_ZOOM);
}

static SwSymbolStyle
current_style (void)
{
  return sw_symbol_style_default (adw_style_manager_get_dark (adw_style_manager_get_default ()));
}

static void
group_begin (SwCanvas *self)
{
  if (self->history != NULL)
    sw_history_begin_group (self->history);
}

static void
group_end (SwCanvas *self)
{
  if (self->history != NULL)
    sw_history_end_group (self->history);
}

/* Several edits as one: one "changed" at the end (so that the canvas and
 * everyone else update once) and one undo step. */
static void
edit_begin (SwCanvas *self)
{
  group_begin (self);
  sw_model_begin_edit (self->model);
}

static void
edit_end (SwCanvas *self)
{
  sw_model_end_edit (self->model);
  group_end (self);
}

/* "inertia1.flange_a" */
static char *
dup_port_path (const Item *item,
               guint       port)
{
  return g_strdup_printf ("%s.%s", item->id, item->kind->ports[port].name);
}

static const char *const action_names[] = {
  "canvas.delete-selection", "canvas.select-all", "canvas.duplicate", "canvas.copy", "canvas.cut",
  "canvas.paste", "canvas.rotate", "canvas.flip", "canvas.zoom-in", "canvas.zoom-out", "canvas.zoom-fit",
};

gboolean
_sw_canvas_action_enabled (SwCanvas   *self,
                           const char *action)
{
  gboolean has_model, has_components, any;

  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  has_model = self->model != NULL;
  has_components = has_model && self->items->len > 0;
  any = g_hash_table_size (self->selection) > 0;

  if (strcmp (action, "canvas.delete-selection") == 0)
    return any || self->wire_from != NULL;
  if (strcmp (action, "canvas.select-all") == 0 || strcmp (action, "canvas.zoom-fit") == 0)
    return has_components;
  if (strcmp (action, "canvas.paste") == 0)
    return has_model;
  if (strcmp (action, "canvas.zoom-in") == 0)
    return self->view.zoom < MAX_ZOOM;
  if (strcmp (action, "canvas.zoom-out") == 0)
    return self->view.zoom > MIN_ZOOM;
  /* duplicate, copy, cut, rotate, flip */
  return any;
}

static void
update_actions (SwCanvas *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (action_names); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), action_names[i],
                                   _sw_canvas_action_enabled (self, action_names[i]));
}

/* Selection */

static void
selection_changed (SwCanvas *self)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = get_item (self, i);

      item->selected = g_hash_table_contains (self->selection, item->id);
    }
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static gboolean
clear_wire_selection (SwCanvas *self)
{
  if (self->wire_from == NULL)
    return FALSE;
  g_clear_pointer (&self->wire_from, g_free);
  g_clear_pointer (&self->wire_to, g_free);
  return TRUE;
}

static void
select_add (SwCanvas *self,
            guint     index)
{
  g_hash_table_insert (self->selection, g_strdup (get_item (self, index)->id),
                       GUINT_TO_POINTER (index + 1));
}

/* Selects exactly these components (and no wire); emits when it changes. */
static void
select_only (SwCanvas    *self,
             const guint *indices,
             guint        n)
{
  gboolean changed = clear_wire_selection (self);

  if (g_hash_table_size (self->selection) != n)
    changed = TRUE;
  else
    for (guint i = 0; i < n && !changed; i++)
      changed = !g_hash_table_contains (self->selection, get_item (self, indices[i])->id);

  if (!changed)
    return;
  g_hash_table_remove_all (self->selection);
  for (guint i = 0; i < n; i++)
    select_add (self, indices[i]);
  selection_changed (self);
}

static void
select_none (SwCanvas *self)
{
  select_only (self, NULL, 0);
}

static void
select_indices_array (SwCanvas *self,
                      GArray   *indices)
{
  select_only (self, indices != NULL ? (const guint *) (gpointer) indices->data : NULL,
               indices != NULL ? indices->len : 0);
}

static void
select_wire (SwCanvas *self,
             guint     connection)
{
  const SwConnection *c = sw_model_get_connection (self->model, connection);
  g_autofree char *from = dup_port_path (get_item (self, c->from_component), c->from_port);
  g_autofree char *to = dup_port_path (get_item (self, c->to_component), c->to_port);

  if (g_strcmp0 (from, self->wire_from) == 0 && g_strcmp0 (to, self->wire_to) == 0 &&
      g_hash_table_size (self->selection) == 0)
    return;
  g_hash_table_remove_all (self->selection);
  g_free (self->wire_from);
  g_free (self->wire_to);
  self->wire_from = g_steal_pointer (&from);
  self->wire_to = g_steal_pointer (&to);
  selection_changed (self);
}

static int
find_selected_wire (SwCanvas *self)
{
  guint n;

  if (self->model == NULL || self->wire_from == NULL)
    return -1;
  n = sw_model_get_n_connections (self->model);
  for (guint i = 0; i < n; i++)
    {
      const SwConnection *c = sw_model_get_connection (self->model, i);
      g_autofree char *from = NULL, *to = NULL;

      if (c->from_component >= self->items->len || c->to_component >= self->items->len)
        continue;
      from = dup_port_path (get_item (self, c->from_component), c->from_port);
      to = dup_port_path (get_item (self, c->to_component), c->to_port);
      if (g_strcmp0 (from, self->wire_from) == 0 && g_strcmp0 (to, self->wire_to) == 0)
        return (int) i;
    }
  return -1;
}

/* Items */

/* A component's key text: a signal parameter shows its kind of signal. */
static char *
dup_key_text (const SwComponent *c)
{
  const SwKind *kind = c->kind;
  int index = kind->key_param != NULL ? sw_kind_find_param (kind, kind->key_param) : -1;

  if (index >= 0 && kind->params[index].type == SW_PARAM_SIGNAL &&
      c->signal[index] != NULL && !sw_signal_is_constant (c->signal[index]))
    return g_strdup_printf ("%s = %s", kind->params[index].name,
                            sw_signal_get_type_name (c->signal[index]));
  return sw_symbol_dup_key_text (kind, c->param);
}

static PangoFontDescription *
dup_label_font (GtkWidget *widget)
{
  const PangoFontDescription *base = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, base != NULL && pango_font_description_get_family (base) != NULL
                                     ? pango_font_description_get_family (base) : "Sans");
  return font;
}

static void
set_label_font (PangoFontDescription *font,
                guint                 line)
{
  pango_font_description_set_absolute_size (font, (line == 0 ? ID_TEXT_SIZE : KEY_TEXT_SIZE) * PANGO_SCALE);
  pango_font_description_set_weight (font, line == 0 ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
}

/* Where line (0 the id, 1 the key text) of an item's label starts. */
static void
label_origin (const Item *item,
              guint       line,
              double     *x,
              double     *y)
{
  const SwCanvasRect *box = &item->box;
  double height = item->label_h[0] + item->label_h[1];

  switch (item->label_side)
    {
    case LABEL_BELOW:
      *y = box->y + box->height + LABEL_GAP;
      break;
    case LABEL_RIGHT:
      *y = box->y + box->height / 2 - height / 2;
      break;
    case LABEL_ABOVE:
    default:
      *y = box->y - LABEL_GAP - height;
      break;
    }
  if (line == 1)
    *y += item->label_h[0];
  if (item->label_side == LABEL_RIGHT)
    *x = box->x + box->width + LABEL_GAP + 2;
  else
    *x = box->x + box->width / 2 - item->label_w[line] / 2;
}

/* Measures the labels and sets the area wires keep out of. */
static void
item_measure_labels (SwCanvas *self,
                     Item     *item)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  const char *lines[2] = { item->id, item->key };

  if (self->label_context == NULL)
    {
      cairo_font_options_t *options = cairo_font_options_create ();

      self->label_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
      cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
      pango_cairo_context_set_font_options (self->label_context, options);
      cairo_font_options_destroy (options);
    }

  layout = pango_layout_new (self->label_context);
  font = dup_label_font (GTK_WIDGET (self));
  item->keep_out = item->box;
  item->label = (SwCanvasRect) { item->x, item->y, 0, 0 };
  for (guint k = 0; k < 2; k++)
    {
      PangoRectangle logical;

      item->label_w[k] = item->label_h[k] = 0;
      if (lines[k] == NULL)
        continue;
      set_label_font (font, k);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, lines[k], -1);
      pango_layout_get_extents (layout, NULL, &logical);
      item->label_w[k] = (double) logical.width / PANGO_SCALE;
      item->label_h[k] = (double) logical.height / PANGO_SCALE;
    }
  for (guint k = 0; k < 2; k++)
    {
      SwCanvasRect r;

      if (lines[k] == NULL)
        continue;
      label_origin (item, k, &r.x, &r.y);
      r.width = item->label_w[k];
      r.height = item->label_h[k];
      r = _sw_canvas_rect_inflate (&r, 2);
      item->label = k == 0 || lines[0] == NULL ? r : _sw_canvas_rect_union (&item->label, &r);
      item->keep_out = _sw_canvas_rect_union (&item->keep_out, &r);
    }
  pango_font_description_free (font);
}

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_clear_pointer (&item->key, g_free);
  g_clear_pointer (&item->id, g_free);
}


static LabelSide
label_side (const Item *item)
{
  gboolean top = FALSE, bottom = FALSE;

  for (guint p = 0; p < item->kind->n_ports; p++)
    {
      top |= item->port_dir[p] == SW_CANVAS_DIR_UP;
      bottom |= item->port_dir[p] == SW_CANVAS_DIR_DOWN;
    }
  if (!top)
    return LABEL_ABOVE;
  if (!bottom)
    return LABEL_BELOW;
  return LABEL_RIGHT;
}

static void
item_place (SwCanvas *self,
            guint     index)
{
  Item *item = get_item (self, index);
  const SwKind *kind = item->kind;

  item->box = _sw_canvas_symbol_box (kind, item->x, item->y, item->rotation);
  for (guint p = 0; p < kind->n_ports; p++)
    _sw_canvas_port_place (kind, p, item->x, item->y, item->rotation, item->flipped,
                           &item->port_x[p], &item->port_y[p], &item->port_dir[p]);
  item->label_side = label_side (item);
  g_clear_pointer (&item->key, g_free);
  item->key = dup_key_text (sw_model_get_component (self->model, index));
}

/* Rebuilds the items from the model and carries the selection over: by
 * id, or by index for a component renamed in place. */
static void
rebuild_items (SwCanvas *self)
{
  g_autoptr(GHashTable) old_selection = self->selection;
  g_autoptr(GArray) occupied = g_array_new (FALSE, FALSE, sizeof (SwCanvasRect));
  gboolean selection_differs = FALSE;
  guint n = self->model != NULL ? sw_model_get_n_components (self->model) : 0;
  guint old_n = self->items->len;
  GHashTableIter iter;
  gpointer key, value;

  self->selection = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_clear_pointer (&self->routes, g_array_unref);
  g_array_set_size (self->items, 0);
  g_array_set_size (self->items, n);

  for (guint i = 0; i < n; i++)
    {
      Item *item = get_item (self, i);
      const SwComponent *c = sw_model_get_component (self->model, i);

      item->id = g_strdup (c->id);
      item->kind = c->kind;
      item->has_position = c->has_position;
      item->rotation = sw_model_get_rotation (self->model, i);
      item->flipped = sw_model_get_flipped (self->model, i);
      item->problem = g_hash_table_lookup (self->problems, c->id);
      if (c->has_position)
        {
          item->x = c->position[0];
          item->y = c->position[1];
          item_place (self, i);
          g_array_append_val (occupied, item->box);
          g_hash_table_remove (self->auto_positions, c->id);
        }
      if (g_hash_table_contains (old_selection, c->id))
        g_hash_table_insert (self->selection, g_strdup (c->id), GUINT_TO_POINTER (i + 1));
    }

  /* Components without a position: where they were shown before, else the
   * first free spot. */
  for (guint i = 0; i < n; i++)
    {
      Item *item = get_item (self, i);
      double *spot;

      if (item->has_position)
        continue;
      spot = g_hash_table_lookup (self->auto_positions, item->id);
      if (spot == NULL)
        {
          double w = 0, h = 0;

          spot = g_new (double, 2);
          sw_symbol_get_size (item->kind, &w, &h);
          _sw_canvas_find_free_spot ((const SwCanvasRect *) (gpointer) occupied->data, occupied->len,
                                     MAX (w, h), MAX (w, h), &spot[0], &spot[1]);
          g_hash_table_insert (self->auto_positions, g_strdup (item->id), spot);
        }
      item->x = spot[0];
      item->y = spot[1];
      item_place (self, i);
      g_array_append_val (occupied, item->box);
    }

  /* A selected id that vanished while the number of components stayed:
   * renamed in place, keep it selected. */
  g_hash_table_iter_init (&iter, old_selection);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint index = GPOINTER_TO_UINT (value) - 1;

      if (g_hash_table_contains (self->selection, key))
        continue;
      if (n == old_n && index < n &&
          !g_hash_table_contains (old_selection, get_item (self, index)->id))
        select_add (self, index);
      else
        selection_differs = TRUE;
    }
  selection_differs |= g_hash_table_size (self->selection) != g_hash_table_size (old_selection);

  if (self->wire_from != NULL && find_selected_wire (self) < 0)
    selection_differs |= clear_wire_selection (self);

  for (guint i = 0; i < n; i++)
    {
      Item *item = get_item (self, i);

      item->selected = g_hash_table_contains (self->selection, item->id);
      item_measure_labels (self, item);
    }

  /* The pointer may have been over a port that moved or vanished. */
  if (self->hover_component >= (int) n)
    self->hover_component = -1;
  if (self->connect_component >= (int) n && self->mode == MODE_CONNECT)
    self->mode = MODE_NONE;

  if (selection_differs)
    selection_changed (self);
  else
    update_actions (self);
}

/* Another handler of the model's "changed", run before the canvas's own,
 * may call into the canvas: rebuild first when the items no longer match
 * the components. */
static void
ensure_items (SwCanvas *self)
{
  guint n = self->model != NULL ? sw_model_get_n_components (self->model) : 0;
  gboolean stale = n != self->items->len;

  for (guint i = 0; i < n && !stale; i++)
    {
      const SwComponent *c = sw_model_get_component (self->model, i);
      const Item *item = get_item (self, i);

      stale = c->kind != item->kind || strcmp (c->id, item->id) != 0;
    }
  if (stale)
    rebuild_items (self);
}

static void
model_changed_cb (SwCanvas *self,
                  SwModel  *model)
{
  rebuild_items (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Everything drawn for the items, in model units: symbols and labels. */
static SwCanvasRect
content_bounds (SwCanvas *self)
{
  SwCanvasRect bounds = { 0 };

  for (guint i = 0; i < self->items->len; i++)
    {
      SwCanvasRect r = _sw_canvas_rect_inflate (&get_item (self, i)->keep_out, 10);

      bounds = i == 0 ? r : _sw_canvas_rect_union (&bounds, &r);
    }
  return bounds;
}

/* View */

static void
set_view_zoom (SwCanvas *self,
               double    zoom,
               double    wx,
               double    wy)
{
  zoom = clamp_zoom (zoom);
  if (zoom == self->view.zoom)
    return;
  _sw_canvas_view_zoom_at (&self->view, zoom, wx, wy);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

static void
zoom_fit (SwCanvas *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  SwCanvasRect bounds;
  double old_zoom = self->view.zoom;

  if (self->items->len == 0 || width <= 1 || height <= 1)
    return;
  bounds = content_bounds (self);
  _sw_canvas_view_fit (&self->view, &bounds, width, height, 16, MIN_ZOOM, FIT_MAX_ZOOM);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->view.zoom != old_zoom)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

/* Hints */

static gboolean
hint_timeout_cb (gpointer user_data)
{
  SwCanvas *self = user_data;

  self->hint_timeout = 0;
  g_clear_pointer (&self->hint, g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* A message near (x, y) in widget units; with timeout it goes away by
 * itself, else it stays until the next hint or hide_hint(). */
static void
show_hint (SwCanvas   *self,
           const char *text,
           double      x,
           double      y,
           gboolean    timeout)
{
  g_clear_handle_id (&self->hint_timeout, g_source_remove);
  if (g_strcmp0 (self->hint, text) != 0)
    {
      g_free (self->hint);
      self->hint = g_strdup (text);
    }
  self->hint_x = x;
  self->hint_y = y;
  if (timeout)
    self->hint_timeout = g_timeout_add (HINT_TIMEOUT_MS, hint_timeout_cb, self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
hide_hint (SwCanvas *self)
{
  g_clear_handle_id (&self->hint_timeout, g_source_remove);
  if (self->hint != NULL)
    {
      g_clear_pointer (&self->hint, g_free);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* Hit testing */

static void
to_model (SwCanvas *self,
          double    wx,
          double    wy,
          double   *mx,
          double   *my)
{
  _sw_canvas_view_to_model (&self->view, wx, wy, mx, my);
}

/* The port under (wx, wy): its component, or -1. */
static int
hit_port (SwCanvas *self,
          double    wx,
          double    wy,
          guint    *port)
{
  double mx, my, radius = MAX (PORT_HIT_PX / self->view.zoom, 5);
  double best_distance = INFINITY;
  int best = -1;

  to_model (self, wx, wy, &mx, &my);
  for (guint i = self->items->len; i-- > 0;)
    {
      const Item *item = get_item (self, i);
      int p = _sw_canvas_hit_point (item->port_x, item->port_y, item->kind->n_ports,
                                    mx, my, radius);
      double d;

      if (p < 0)
        continue;
      d = hypot (item->port_x[p] - mx, item->port_y[p] - my);
      if (d < best_distance)
        {
          best_distance = d;
          best = (int) i;
          *port = (guint) p;
        }
    }
  return best;
}

static int
hit_component (SwCanvas *self,
               double    wx,
               double    wy)
{
  double mx, my;

  to_model (self, wx, wy, &mx, &my);
  for (guint i = self->items->len; i-- > 0;)
    {
      SwCanvasRect box = _sw_canvas_rect_inflate (&get_item (self, i)->box, 2);

      if (_sw_canvas_rect_contains (&box, mx, my))
        return (int) i;
    }
  return -1;
}

static gboolean
connection_valid (SwCanvas           *self,
                  const SwConnection *c)
{
  return c->from_component < self->items->len && c->to_component < self->items->len &&
         c->from_port < get_item (self, c->from_component)->kind->n_ports &&
         c->to_port < get_item (self, c->to_component)->kind->n_ports;
}

/* Whether two connections share a port. */
static gboolean
connections_meet (const SwConnection *a,
                  const SwConnection *b)
{
  guint ends_a[2][2] = { { a->from_component, a->from_port }, { a->to_component, a->to_port } };
  guint ends_b[2][2] = { { b->from_component, b->from_port }, { b->to_component, b->to_port } };

  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2; j++)
      if (ends_a[i][0] == ends_b[j][0] && ends_a[i][1] == ends_b[j][1])
        return TRUE;
  return FALSE;
}

static void
item_obstacles (const Item       *item,
                SwCanvasObstacle *obstacles)
{
  obstacles[0] = (SwCanvasObstacle) { item->box, SW_CANVAS_COST_SYMBOL };
  obstacles[1] = (SwCanvasObstacle) { item->label, SW_CANVAS_COST_LABEL };
}

/* The routes of all wires (one per connection; no points for an invalid
 * one), each routed clear of the wires routed before it that belong to
 * another node. Kept until the next change. */
static const SwCanvasRoute *
get_routes (SwCanvas *self)
{
  g_autoptr(GArray) others = NULL;
  guint n;

  if (self->routes != NULL)
    return (const SwCanvasRoute *) (gpointer) self->routes->data;

  n = self->model != NULL ? sw_model_get_n_connections (self->model) : 0;
  self->routes = g_array_sized_new (FALSE, TRUE, sizeof (SwCanvasRoute), n);
  g_array_set_size (self->routes, n);
  others = g_array_sized_new (FALSE, FALSE, sizeof (SwCanvasRoute), n);

  for (guint i = 0; i < n; i++)
    {
      const SwConnection *c = sw_model_get_connection (self->model, i);
      SwCanvasRoute *route = &g_array_index (self->routes, SwCanvasRoute, i);
      const Item *a, *b;
      SwCanvasObstacle obstacles[4];

      if (!connection_valid (self, c))
        continue;

      g_array_set_size (others, 0);
      for (guint j = 0; j < i; j++)
        {
          const SwCanvasRoute *other = &g_array_index (self->routes, SwCanvasRoute, j);

          if (other->n_points > 0 && !connections_meet (c, sw_model_get_connection (self->model, j)))
            g_array_append_val (others, *other);
        }

      a = get_item (self, c->from_component);
      b = get_item (self, c->to_component);
      item_obstacles (a, &obstacles[0]);
      item_obstacles (b, &obstacles[2]);
      _sw_canvas_route (a->port_x[c->from_port], a->port_y[c->from_port], a->port_dir[c->from_port],
                        SW_CANVAS_WIRE_STUB,
                        b->port_x[c->to_port], b->port_y[c->to_port], b->port_dir[c->to_port],
                        SW_CANVAS_WIRE_STUB, obstacles, a == b ? 2 : 4,
                        (const SwCanvasRoute *) (gpointer) others->data, others->len, route);
    }
  return (const SwCanvasRoute *) (gpointer) self->routes->data;
}

static int
hit_wire (SwCanvas *self,
          double    wx,
          double    wy)
{
  double mx, my, tolerance = WIRE_HIT_PX / self->view.zoom;
  const SwCanvasRoute *routes = get_routes (self);

  to_model (self, wx, wy, &mx, &my);
  for (guint i = self->routes->len; i-- > 0;)
    if (routes[i].n_points > 0 && _sw_canvas_route_distance (&routes[i], mx, my) <= tolerance)
      return (int) i;
  return -1;
}

/* Editing */

static void
place_kind (SwCanvas     *self,
            const SwKind *kind,
            double        wx,
            double        wy)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  double mx, my;
  int index;
  guint new_index;

  to_model (self, wx, wy, &mx, &my);
  id = sw_model_dup_unique_id (self->model, kind->name);

  edit_begin (self);
  index = sw_model_add_component (self->model, kind->name, id, &error);
  if (index >= 0)
    sw_model_set_position (self->model, (guint) index, _sw_canvas_snap (mx), _sw_canvas_snap (my));
  edit_end (self);

  if (index < 0)
    {
      show_hint (self, error->message, wx, wy, TRUE);
      return;
    }
  new_index = (guint) index;
  select_only (self, &new_index, 1);
}

static void
end_placing (SwCanvas *self)
{
  self->placing = NULL;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Sorted selected indices, with "guint" elements. */
static GArray *
dup_selection_indices (SwCanvas *self)
{
  GArray *indices = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < self->items->len; i++)
    if (get_item (self, i)->selected)
      g_array_append_val (indices, i);
  return indices;
}

/* Gives components shown at an automatic spot that position, so that a
 * copy of them lands next to them. */
static void
pin_positions (SwCanvas *self,
               GArray   *indices)
{
  for (guint k = 0; k < indices->len; k++)
    {
      guint i = g_array_index (indices, guint, k);
      const Item *item = get_item (self, i);

      if (!item->has_position)
        sw_model_set_position (self->model, i, item->x, item->y);
    }
}

static char *
dup_selection_fragment (SwCanvas *self)
{
  g_autoptr(GArray) indices = dup_selection_indices (self);

  if (indices->len == 0)
    return NULL;
  return sw_model_dup_fragment (self->model, (const guint *) (gpointer) indices->data, indices->len);
}

static void
delete_selection (SwCanvas *self)
{
  g_autoptr(GArray) indices = NULL;
  int wire;

  if (self->model == NULL)
    return;

  wire = find_selected_wire (self);
  indices = dup_selection_indices (self);
  if (wire < 0 && indices->len == 0)
    return;

  edit_begin (self);
  if (wire >= 0)
    {
      clear_wire_selection (self);
      sw_model_remove_connection (self->model, (guint) wire);
    }
  g_hash_table_remove_all (self->selection);
  for (guint k = indices->len; k-- > 0;)
    sw_model_remove_component (self->model, g_array_index (indices, guint, k));
  edit_end (self);

  selection_changed (self);
}

/* Actions */

static void
delete_selection_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  delete_selection (SW_CANVAS (widget));
}

static void
select_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < self->items->len; i++)
    g_array_append_val (all, i);
  select_indices_array (self, all);
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);
  g_autoptr(GArray) indices = dup_selection_indices (self);
  g_autoptr(GArray) added = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *fragment = NULL;

  if (self->model == NULL || indices->len == 0)
    return;

  edit_begin (self);
  pin_positions (self, indices);
  fragment = sw_model_dup_fragment (self->model, (const guint *) (gpointer) indices->data, indices->len);
  added = sw_model_paste_fragment (self->model, fragment, PASTE_OFFSET, PASTE_OFFSET, &error);
  edit_end (self);

  if (added == NULL)
    {
      show_hint (self, error->message, self->pointer_x, self->pointer_y, TRUE);
      return;
    }
  select_indices_array (self, added);
}

static void
copy_selection (SwCanvas *self)
{
  g_autoptr(GArray) indices = dup_selection_indices (self);
  g_autofree char *fragment = NULL;

  if (self->model == NULL || indices->len == 0)
    return;
  edit_begin (self);
  pin_positions (self, indices);
  edit_end (self);
  fragment = dup_selection_fragment (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), fragment);
  self->paste_count = 0;
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  copy_selection (SW_CANVAS (widget));
}

static void
cut_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  if (self->model == NULL)
    return;
  edit_begin (self);
  copy_selection (self);
  /* Pasting after a cut puts the components back where they were. */
  self->paste_count = G_MAXUINT;
  delete_selection (self);
  edit_end (self);
}

static void
paste_ready_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(SwCanvas) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) added = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, &error);
  double offset;

  if (text == NULL || self->model == NULL)
    return;

  /* Each paste of the same copy lands a step further. */
  self->paste_count = self->paste_count == G_MAXUINT ? 0 : self->paste_count + 1;
  offset = PASTE_OFFSET * self->paste_count;
  added = sw_model_paste_fragment (self->model, text, offset, offset, &error);
  if (added == NULL)
    {
      int width = gtk_widget_get_width (GTK_WIDGET (self));
      int height = gtk_widget_get_height (GTK_WIDGET (self));

      show_hint (self, error->message, width / 3.0, height / 3.0, TRUE);
      return;
    }
  select_indices_array (self, added);
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  if (self->model == NULL)
    return;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_ready_cb,
                                 g_object_ref (self));
}

static void
turn_selection (SwCanvas *self,
                int       degrees,
                gboolean  flip)
{
  g_autoptr(GArray) indices = dup_selection_indices (self);

  if (self->model == NULL || indices->len == 0)
    return;

  edit_begin (self);
  for (guint k = 0; k < indices->len; k++)
    {
      guint i = g_array_index (indices, guint, k);
      int rotation = sw_model_get_rotation (self->model, i);
      gboolean flipped = sw_model_get_flipped (self->model, i);

      sw_model_set_rotation (self->model, i, (rotation + degrees) % 360, flip ? !flipped : flipped);
    }
  edit_end (self);
}

static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  turn_selection (SW_CANVAS (widget), 90, FALSE);
}

static void
flip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  turn_selection (SW_CANVAS (widget), 0, TRUE);
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  set_view_zoom (self, self->view.zoom * ZOOM_STEP,
                 gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  set_view_zoom (self, self->view.zoom / ZOOM_STEP,
                 gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  zoom_fit (SW_CANVAS (widget));
}

/* Pointer */

static void
update_hover (SwCanvas *self,
              double    x,
              double    y)
{
  int component = -1;
  guint port = 0;
  const char *cursor = NULL;

  if (self->model != NULL)
    component = hit_port (self, x, y, &port);

  /* A connection does not start and end on the same port. */
  if (self->mode == MODE_CONNECT && component == self->connect_component && port == self->connect_port)
    component = -1;

  if (component != self->hover_component || port != self->hover_port)
    {
      self->hover_component = component;
      self->hover_port = port;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (self->mode == MODE_CONNECT)
    {
      const Item *from = get_item (self, self->connect_component);

      if (component >= 0 &&
          get_item (self, component)->kind->ports[port].domain !=
          from->kind->ports[self->connect_port].domain)
        {
          show_hint (self,
                     from->kind->ports[self->connect_port].domain == SW_DOMAIN_ROTATIONAL
                     ? _("A rotational flange cannot connect to a translational one")
                     : _("A translational flange cannot connect to a rotational one"),
                     x, y, FALSE);
        }
      else if (self->hint_timeout == 0)
        hide_hint (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (self->placing != NULL || component >= 0 || self->mode == MODE_CONNECT)
    cursor = "crosshair";
  else if (self->mode == MODE_MOVE)
    cursor = "grabbing";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

void
_sw_canvas_pointer_press (SwCanvas        *self,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  gboolean extend = (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;
  int component, wire;
  guint port = 0;

  g_return_if_fail (SW_IS_CANVAS (self));

  ensure_items (self);
  self->press_x = self->pointer_x = x;
  self->press_y = self->pointer_y = y;
  self->mode = MODE_NONE;
  self->select_only_on_release = FALSE;
  self->press_component = -1;

  if (self->model == NULL)
    return;

  if (self->placing != NULL)
    {
      const SwKind *kind = self->placing;

      end_placing (self);
      place_kind (self, kind, x, y);
      return;
    }

  component = hit_port (self, x, y, &port);
  if (component >= 0)
    {
      self->mode = MODE_CONNECT;
      self->connect_component = component;
      self->connect_port = port;
      self->hover_component = -1;
      hide_hint (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  component = hit_component (self, x, y);
  if (component >= 0)
    {
      const char *id = get_item (self, component)->id;

      self->press_component = component;
      if (extend)
        {
          if (!g_hash_table_remove (self->selection, id))
            select_add (self, (guint) component);
          clear_wire_selection (self);
          selection_changed (self);
          self->mode = g_hash_table_contains (self->selection, id) ? MODE_PENDING : MODE_NONE;
        }
      else if (get_item (self, component)->selected)
        {
          self->select_only_on_release = TRUE;
          self->mode = MODE_PENDING;
        }
      else
        {
          guint index = (guint) component;

          select_only (self, &index, 1);
          self->mode = MODE_PENDING;
        }
      return;
    }

  wire = hit_wire (self, x, y);
  if (wire >= 0)
    {
      select_wire (self, (guint) wire);
      return;
    }

  if (!extend)
    select_none (self);
  g_clear_pointer (&self->band_base, g_hash_table_unref);
  self->band_base = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, self->selection);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_hash_table_insert (self->band_base, g_strdup (key), value);
  }
  self->mode = MODE_RUBBER_BAND;
}

static void
start_move (SwCanvas *self)
{
  g_array_set_size (self->move_start, 0);
  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = get_item (self, i);

      if (item->selected)
        {
          MoveStart start = { i, item->x, item->y };

          g_array_append_val (self->move_start, start);
        }
    }
  group_begin (self);
  self->in_group = TRUE;
  self->mode = MODE_MOVE;
  self->select_only_on_release = FALSE;
}

static void
move_to (SwCanvas *self,
         double    x,
         double    y)
{
  const Item *anchor;
  double ax, ay, dx, dy;

  if (self->press_component < 0 || (guint) self->press_component >= self->items->len)
    return;

  /* Snap the pressed component to the grid; the others keep their offsets
   * from it. */
  anchor = get_item (self, self->press_component);
  ax = anchor->x;
  ay = anchor->y;
  for (guint k = 0; k < self->move_start->len; k++)
    {
      const MoveStart *s = &g_array_index (self->move_start, MoveStart, k);

      if (s->index == (guint) self->press_component)
        {
          ax = s->x;
          ay = s->y;
        }
    }
  dx = _sw_canvas_snap (ax + (x - self->press_x) / self->view.zoom) - ax;
  dy = _sw_canvas_snap (ay + (y - self->press_y) / self->view.zoom) - ay;

  sw_model_begin_edit (self->model);
  for (guint k = 0; k < self->move_start->len; k++)
    {
      const MoveStart *s = &g_array_index (self->move_start, MoveStart, k);
      const Item *item;

      if (s->index >= self->items->len)
        continue;
      item = get_item (self, s->index);
      if (item->x != s->x + dx || item->y != s->y + dy || !item->has_position)
        sw_model_set_position (self->model, s->index, s->x + dx, s->y + dy);
    }
  sw_model_end_edit (self->model);
}

static void
update_band (SwCanvas *self)
{
  double x1, y1, x2, y2;
  SwCanvasRect band;
  gboolean changed = FALSE;

  to_model (self, self->press_x, self->press_y, &x1, &y1);
  to_model (self, self->pointer_x, self->pointer_y, &x2, &y2);
  band = _sw_canvas_rect_from_points (x1, y1, x2, y2);

  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = get_item (self, i);
      gboolean selected = _sw_canvas_rect_intersects (&band, &item->box) ||
                          g_hash_table_contains (self->band_base, item->id);

      if (selected != item->selected)
        {
          changed = TRUE;
          if (selected)
            select_add (self, i);
          else
            g_hash_table_remove (self->selection, item->id);
        }
    }
  if (changed)
    selection_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_sw_canvas_pointer_motion (SwCanvas *self,
                           double    x,
                           double    y)
{
  g_return_if_fail (SW_IS_CANVAS (self));

  self->pointer_x = x;
  self->pointer_y = y;

  switch (self->mode)
    {
    case MODE_PENDING:
      if (hypot (x - self->press_x, y - self->press_y) < DRAG_THRESHOLD)
        break;
      start_move (self);
      G_GNUC_FALLTHROUGH;
    case MODE_MOVE:
      move_to (self, x, y);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
      break;
    case MODE_CONNECT:
      update_hover (self, x, y);
      break;
    case MODE_RUBBER_BAND:
      update_band (self);
      break;
    case MODE_NONE:
    default:
      update_hover (self, x, y);
      if (self->placing != NULL)
        gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    }
}

static void
finish_connection (SwCanvas *self,
                   double    x,
                   double    y)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *from = NULL, *to = NULL;
  const Item *a, *b;
  guint port = 0;
  int component = hit_port (self, x, y, &port);

  hide_hint (self);
  if (component < 0 || (component == self->connect_component && port == self->connect_port))
    return;

  a = get_item (self, self->connect_component);
  b = get_item (self, component);
  if (a->kind->ports[self->connect_port].domain != b->kind->ports[port].domain)
    {
      show_hint (self,
                 a->kind->ports[self->connect_port].domain == SW_DOMAIN_ROTATIONAL
                 ? _("A rotational flange cannot connect to a translational one")
                 : _("A translational flange cannot connect to a rotational one"),
                 x, y, TRUE);
      return;
    }

  from = dup_port_path (a, self->connect_port);
  to = dup_port_path (b, port);
  if (!sw_model_connect (self->model, from, to, &error))
    show_hint (self, error->message, x, y, TRUE);
}

void
_sw_canvas_pointer_release (SwCanvas *self,
                            double    x,
                            double    y)
{
  Mode mode;

  g_return_if_fail (SW_IS_CANVAS (self));

  if (self->mode != MODE_NONE)
    _sw_canvas_pointer_motion (self, x, y);
  mode = self->mode;
  self->mode = MODE_NONE;

  switch (mode)
    {
    case MODE_PENDING:
      if (self->select_only_on_release && self->press_component >= 0 &&
          (guint) self->press_component < self->items->len)
        {
          guint index = (guint) self->press_component;

          select_only (self, &index, 1);
        }
      break;
    case MODE_MOVE:
      if (self->in_group)
        {
          self->in_group = FALSE;
          group_end (self);
        }
      break;
    case MODE_CONNECT:
      finish_connection (self, x, y);
      break;
    case MODE_RUBBER_BAND:
      g_clear_pointer (&self->band_base, g_hash_table_unref);
      break;
    case MODE_NONE:
    default:
      break;
    }

  self->select_only_on_release = FALSE;
  self->hover_component = -1;
  update_hover (self, x, y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
_sw_canvas_cancel (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);

  if (self->placing != NULL)
    {
      end_placing (self);
      return TRUE;
    }

  switch (self->mode)
    {
    case MODE_CONNECT:
      self->mode = MODE_NONE;
      hide_hint (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;

    case MODE_MOVE:
      /* Back to where the drag began. */
      sw_model_begin_edit (self->model);
      for (guint k = 0; k < self->move_start->len; k++)
        {
          const MoveStart *s = &g_array_index (self->move_start, MoveStart, k);

          if (s->index < self->items->len)
            sw_model_set_position (self->model, s->index, s->x, s->y);
        }
      sw_model_end_edit (self->model);
      self->mode = MODE_NONE;
      if (self->in_group)
        {
          self->in_group = FALSE;
          group_end (self);
        }
      return TRUE;

    case MODE_RUBBER_BAND:
      {
        g_autoptr(GArray) base = g_array_new (FALSE, FALSE, sizeof (guint));

        for (guint i = 0; i < self->items->len; i++)
          if (g_hash_table_contains (self->band_base, get_item (self, i)->id))
            g_array_append_val (base, i);
        self->mode = MODE_NONE;
        g_clear_pointer (&self->band_base, g_hash_table_unref);
        select_indices_array (self, base);
        gtk_widget_queue_draw (GTK_WIDGET (self));
      }
      return TRUE;

    case MODE_PENDING:
    case MODE_NONE:
    default:
      self->mode = MODE_NONE;
      break;
    }

  if (g_hash_table_size (self->selection) > 0 || self->wire_from != NULL)
    {
      select_none (self);
      return TRUE;
    }
  return FALSE;
}

const char *
_sw_canvas_get_hint (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), NULL);

  return self->hint;
}

int
_sw_canvas_get_selected_wire (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), -1);

  return find_selected_wire (self);
}

void
_sw_canvas_get_view (SwCanvas     *self,
                     SwCanvasView *view)
{
  g_return_if_fail (SW_IS_CANVAS (self));

  *view = self->view;
}

void
_sw_canvas_set_view (SwCanvas           *self,
                     const SwCanvasView *view)
{
  gboolean zoom_changed;

  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (view->zoom > 0);

  zoom_changed = view->zoom != self->view.zoom;
  self->view = *view;
  self->needs_fit = FALSE;
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (zoom_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

gboolean
_sw_canvas_drop_string (SwCanvas   *self,
                        const char *text,
                        double      x,
                        double      y)
{
  const SwKind *kind;

  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);

  if (self->model == NULL || text == NULL || !g_str_has_prefix (text, KIND_PREFIX))
    return FALSE;
  kind = sw_catalog_lookup (text + strlen (KIND_PREFIX));
  if (kind == NULL)
    return FALSE;
  place_kind (self, kind, x, y);
  return TRUE;
}

/* Controllers */

static void
primary_drag_begin_cb (SwCanvas       *self,
                       double          x,
                       double          y,
                       GtkGestureDrag *gesture)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  _sw_canvas_pointer_press (self, x, y, state);
}

static void
primary_drag_update_cb (SwCanvas       *self,
                        double          dx,
                        double          dy,
                        GtkGestureDrag *gesture)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    _sw_canvas_pointer_motion (self, x + dx, y + dy);
}

static void
primary_drag_end_cb (SwCanvas       *self,
                     double          dx,
                     double          dy,
                     GtkGestureDrag *gesture)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    _sw_canvas_pointer_release (self, x + dx, y + dy);
}

static void
click_pressed_cb (SwCanvas        *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The secondary button gives up a placement. */
  if (button == GDK_BUTTON_SECONDARY && self->placing != NULL)
    end_placing (self);
}

static void
pan_begin_cb (SwCanvas       *self,
              double          x,
              double          y,
              GtkGestureDrag *gesture)
{
  self->pan_tx = self->view.tx;
  self->pan_ty = self->view.ty;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
pan_update_cb (SwCanvas       *self,
               double          dx,
               double          dy,
               GtkGestureDrag *gesture)
{
  self->view.tx = self->pan_tx + dx;
  self->view.ty = self->pan_ty + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pan_end_cb (SwCanvas       *self,
            double          dx,
            double          dy,
            GtkGestureDrag *gesture)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
}

static gboolean
scroll_cb (SwCanvas                 *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (state & GDK_CONTROL_MASK)
    {
      double x = self->pointer_x, y = self->pointer_y;

      if (!self->pointer_inside)
        {
          x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
          y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
        }
      set_view_zoom (self, self->view.zoom * pow (wheel ? ZOOM_STEP : 1.01, -dy), x, y);
      return TRUE;
    }

  /* Shift turns a wheel's vertical scroll into a horizontal one. */
  if ((state & GDK_SHIFT_MASK) && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  self->view.tx -= dx * (wheel ? 40 : 1);
  self->view.ty -= dy * (wheel ? 40 : 1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
zoom_begin_cb (SwCanvas         *self,
               GdkEventSequence *sequence,
               GtkGesture       *gesture)
{
  self->gesture_zoom = self->view.zoom;
}

static void
zoom_scale_changed_cb (SwCanvas       *self,
                       double          scale,
                       GtkGestureZoom *gesture)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  set_view_zoom (self, self->gesture_zoom * scale, x, y);
}

static void
motion_cb (SwCanvas                 *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  self->pointer_inside = TRUE;
  /* During a drag the drag gesture reports the motion. */
  if (self->mode == MODE_NONE)
    _sw_canvas_pointer_motion (self, x, y);
}

static void
leave_cb (SwCanvas                 *self,
          GtkEventControllerMotion *controller)
{
  self->pointer_inside = FALSE;
  if (self->mode == MODE_NONE && (self->hover_component >= 0 || self->placing != NULL))
    {
      self->hover_component = -1;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
key_pressed_cb (SwCanvas              *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_Escape)
    return _sw_canvas_cancel (self);
  return FALSE;
}

static gboolean
drop_cb (SwCanvas      *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  if (!G_VALUE_HOLDS_STRING (value))
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  return _sw_canvas_drop_string (self, g_value_get_string (value), x, y);
}

static gboolean
query_tooltip_cb (SwCanvas   *self,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip)
{
  double mx, my;

  to_model (self, x, y, &mx, &my);
  for (guint i = self->items->len; i-- > 0;)
    {
      const Item *item = get_item (self, i);
      SwCanvasRect area = _sw_canvas_rect_inflate (&item->box, 10);

      if (item->problem != NULL && _sw_canvas_rect_contains (&area, mx, my))
        {
          gtk_tooltip_set_text (tooltip, item->problem);
          return TRUE;
        }
    }
  return FALSE;
}

/* Drawing: pure functions over cairo, model units unless said otherwise. */

static void
set_colour (cairo_t      *cr,
            const double *rgba,
            double        alpha)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3] * alpha);
}

static void
rounded_rectangle (cairo_t            *cr,
                   const SwCanvasRect *r,
                   double              radius)
{
  radius = MIN (radius, MIN (r->width, r->height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, r->x + r->width - radius, r->y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, r->x + r->width - radius, r->y + r->height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, r->x + radius, r->y + r->height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, r->x + radius, r->y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Dots every grid step in widget units; sparser when they would crowd. */
static void
draw_grid (cairo_t             *cr,
           const SwCanvasView  *view,
           int                  width,
           int                  height,
           const SwSymbolStyle *style)
{
  double step = SW_CANVAS_GRID;
  double x0, y0, x1, y1;
  double dot = 1.0;

  while (step * view->zoom < 9)
    step *= 5;
  _sw_canvas_view_to_model (view, 0, 0, &x0, &y0);
  _sw_canvas_view_to_model (view, width, height, &x1, &y1);
  x0 = ceil (x0 / step) * step;
  y0 = ceil (y0 / step) * step;

  for (double my = y0; my <= y1; my += step)
    for (double mx = x0; mx <= x1; mx += step)
      {
        double wx, wy;

        _sw_canvas_view_to_widget (view, mx, my, &wx, &wy);
        cairo_rectangle (cr, floor (wx), floor (wy), dot, dot);
      }
  set_colour (cr, style->fg, 0.28);
  cairo_fill (cr);
}

static void
route_path (cairo_t             *cr,
            const SwCanvasRoute *route)
{
  cairo_move_to (cr, route->x[0], route->y[0]);
  for (guint i = 1; i < route->n_points; i++)
    cairo_line_to (cr, route->x[i], route->y[i]);
}

static void
draw_wire (cairo_t             *cr,
           const SwCanvasRoute *route,
           const double        *colour,
           const SwSymbolStyle *style,
           gboolean             selected)
{
  if (selected)
    {
      route_path (cr, route);
      set_colour (cr, style->accent, 0.35);
      cairo_set_line_width (cr, 6);
      cairo_stroke (cr);
    }
  route_path (cr, route);
  set_colour (cr, selected ? style->accent : colour, 1);
  cairo_set_line_width (cr, selected ? 2 : 1.5);
  cairo_stroke (cr);
}

/* The id and key text beside the symbol, upright. */
static void
draw_labels (cairo_t             *cr,
             PangoLayout         *layout,
             PangoFontDescription *font,
             const Item          *item,
             const SwSymbolStyle *style)
{
  const char *lines[2] = { item->id, item->key };

  for (guint k = 0; k < 2; k++)
    {
      double x, y;

      if (lines[k] == NULL)
        continue;
      set_label_font (font, k);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, lines[k], -1);
      label_origin (item, k, &x, &y);
      set_colour (cr, style->fg, k == 0 ? 1.0 : 0.72);
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
draw_problem (cairo_t             *cr,
              const SwCanvasRect  *box,
              const SwSymbolStyle *style)
{
  SwCanvasRect outline = _sw_canvas_rect_inflate (box, 5);
  double bx = outline.x + outline.width, by = outline.y;

  rounded_rectangle (cr, &outline, 4);
  set_colour (cr, style->problem, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);

  /* A badge with an exclamation mark on the top right corner. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, bx, by, 6, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, bx - 0.9, by - 3.8, 1.8, 4.6);
  cairo_rectangle (cr, bx - 0.9, by + 1.8, 1.8, 1.8);
  cairo_fill (cr);
}

static void
draw_symbol_at (cairo_t             *cr,
                const SwKind        *kind,
                double               x,
                double               y,
                int                  rotation,
                gboolean             flipped,
                const SwSymbolStyle *style)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, rotation * G_PI / 180);
  if (flipped)
    cairo_scale (cr, -1, 1);
  sw_symbol_draw (cr, kind, style);
  cairo_restore (cr);
}

static void
draw_port_ring (cairo_t      *cr,
                double        x,
                double        y,
                const double *colour)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, 8, 0, 2 * G_PI);
  set_colour (cr, colour, 0.2);
  cairo_fill_preserve (cr);
  set_colour (cr, colour, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

/* The hint: white text on a rounded box near (x, y), in widget units. */
static void
draw_hint (cairo_t             *cr,
           GtkWidget           *widget,
           const char          *text,
           double               x,
           double               y,
           const SwSymbolStyle *style)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int text_w, text_h;
  SwCanvasRect box;

  pango_layout_set_width (layout, MIN (480, MAX (width - 40, 120)) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, &text_w, &text_h);
  box = (SwCanvasRect) { x + 14, y + 14, text_w + 16, text_h + 10 };
  if (box.x + box.width > width - 4)
    box.x = MAX (4, width - 4 - box.width);
  if (box.y + box.height > height - 4)
    box.y = MAX (4, y - 14 - box.height);

  rounded_rectangle (cr, &box, 6);
  set_colour (cr, style->problem, 0.95);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, box.x + 8, box.y + 5);
  pango_cairo_show_layout (cr, layout);
}

static const double *
wire_colour (SwCanvas            *self,
             const SwConnection  *c,
             const SwSymbolStyle *style)
{
  const Item *from = get_item (self, c->from_component);

  return from->kind->ports[c->from_port].domain == SW_DOMAIN_TRANSLATIONAL
         ? style->translational : style->rotational;
}

static void
draw_model (SwCanvas            *self,
            cairo_t             *cr,
            const SwSymbolStyle *style)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  cairo_font_options_t *options;
  guint n_connections = sw_model_get_n_connections (self->model);
  int selected_wire = find_selected_wire (self);
  const SwCanvasRoute *routes = get_routes (self);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* Selection under everything. */
  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = get_item (self, i);

      if (!item->selected)
        continue;
      {
        SwCanvasRect r = _sw_canvas_rect_inflate (&item->box, 5);

        rounded_rectangle (cr, &r, 4);
        set_colour (cr, style->accent, 0.16);
        cairo_fill_preserve (cr);
        set_colour (cr, style->accent, 1);
        cairo_set_line_width (cr, 1.5);
        cairo_stroke (cr);
      }
    }

  for (guint i = 0; i < n_connections; i++)
    {
      const SwConnection *c = sw_model_get_connection (self->model, i);

      if (routes[i].n_points > 0)
        draw_wire (cr, &routes[i], wire_colour (self, c, style), style, (int) i == selected_wire);
    }

  /* Dots where wires of one port part. */
  for (guint i = 0; i < n_connections; i++)
    for (guint j = 0; j < n_connections; j++)
      {
        const SwConnection *a = sw_model_get_connection (self->model, i);
        const SwConnection *b = sw_model_get_connection (self->model, j);
        double xs[SW_CANVAS_ROUTE_MAX], ys[SW_CANVAS_ROUTE_MAX];
        guint n;

        if (i == j || routes[i].n_points == 0 || routes[j].n_points == 0 || !connections_meet (a, b))
          continue;
        n = _sw_canvas_route_branches (&routes[i], &routes[j], xs, ys, G_N_ELEMENTS (xs));
        set_colour (cr, wire_colour (self, b, style), 1);
        for (guint k = 0; k < n; k++)
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, xs[k], ys[k], 2.6, 0, 2 * G_PI);
          }
        cairo_fill (cr);
      }

  layout = pango_cairo_create_layout (cr);
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  cairo_font_options_destroy (options);
  pango_layout_context_changed (layout);
  font = dup_label_font (GTK_WIDGET (self));

  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = get_item (self, i);

      draw_symbol_at (cr, item->kind, item->x, item->y, item->rotation, item->flipped, style);
    }
  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = get_item (self, i);

      draw_labels (cr, layout, font, item, style);
      if (item->problem != NULL)
        draw_problem (cr, &item->box, style);
    }
  pango_font_description_free (font);

  if (self->hover_component >= 0 && (guint) self->hover_component < self->items->len)
    {
      const Item *item = get_item (self, self->hover_component);
      const double *colour = style->accent;

      if (self->mode == MODE_CONNECT &&
          item->kind->ports[self->hover_port].domain !=
          get_item (self, self->connect_component)->kind->ports[self->connect_port].domain)
        colour = style->problem;
      draw_port_ring (cr, item->port_x[self->hover_port], item->port_y[self->hover_port], colour);
    }

  if (self->mode == MODE_CONNECT)
    {
      const Item *from = get_item (self, self->connect_component);
      double ax = from->port_x[self->connect_port], ay = from->port_y[self->connect_port];
      SwCanvasDir a_dir = from->port_dir[self->connect_port];
      SwCanvasRoute route;
      double bx, by, dash = 4;
      const double *colour = style->accent;

      if (self->hover_component >= 0)
        {
          const Item *to = get_item (self, self->hover_component);
          SwCanvasObstacle obstacles[4];

          item_obstacles (from, &obstacles[0]);
          item_obstacles (to, &obstacles[2]);
          if (to->kind->ports[self->hover_port].domain != from->kind->ports[self->connect_port].domain)
            colour = style->problem;

          _sw_canvas_route (ax, ay, a_dir, SW_CANVAS_WIRE_STUB,
                            to->port_x[self->hover_port], to->port_y[self->hover_port],
                            to->port_dir[self->hover_port], SW_CANVAS_WIRE_STUB, obstacles, 4,
                            routes, n_connections, &route);
        }
      else
        {
          SwCanvasDir b_dir;
          SwCanvasObstacle obstacles[2];

          to_model (self, self->pointer_x, self->pointer_y, &bx, &by);
          if (fabs (bx - ax) >= fabs (by - ay))
            b_dir = bx > ax ? SW_CANVAS_DIR_LEFT : SW_CANVAS_DIR_RIGHT;
          else
            b_dir = by > ay ? SW_CANVAS_DIR_UP : SW_CANVAS_DIR_DOWN;
          item_obstacles (from, obstacles);
          _sw_canvas_route (ax, ay, a_dir, SW_CANVAS_WIRE_STUB, bx, by, b_dir, 0, obstacles, 2,
                            NULL, 0, &route);
        }
      route_path (cr, &route);
      set_colour (cr, colour, 1);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      draw_port_ring (cr, ax, ay, style->accent);
    }

  if (self->placing != NULL && self->pointer_inside)
    {
      double mx, my;

      to_model (self, self->pointer_x, self->pointer_y, &mx, &my);
      cairo_push_group (cr);
      draw_symbol_at (cr, self->placing, _sw_canvas_snap (mx), _sw_canvas_snap (my), 0, FALSE, style);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.5);
    }
}

static void
sw_canvas_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  SwCanvas *self = SW_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  SwSymbolStyle style = current_style ();
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_grid (cr, &self->view, width, height, &style);

  if (self->model != NULL)
    {
      cairo_save (cr);
      cairo_translate (cr, self->view.tx, self->view.ty);
      cairo_scale (cr, self->view.zoom, self->view.zoom);
      draw_model (self, cr, &style);
      cairo_restore (cr);
    }

  if (self->mode == MODE_RUBBER_BAND)
    {
      SwCanvasRect band = _sw_canvas_rect_from_points (self->press_x, self->press_y,
                                                       self->pointer_x, self->pointer_y);

      cairo_rectangle (cr, floor (band.x) + 0.5, floor (band.y) + 0.5, floor (band.width), floor (band.height));
      set_colour (cr, style.accent, 0.12);
      cairo_fill_preserve (cr);
      set_colour (cr, style.accent, 0.9);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }

  if (self->hint != NULL)
    draw_hint (cr, widget, self->hint, self->hint_x, self->hint_y, &style);

  cairo_destroy (cr);
}

/* GtkWidget */

static void
sw_canvas_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 120 : 80;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 400;
}

static void
sw_canvas_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  SwCanvas *self = SW_CANVAS (widget);

  /* Show a freshly set model whole, once there is room to. */
  if (self->needs_fit && self->items->len > 0 && width > 1 && height > 1)
    {
      self->needs_fit = FALSE;
      zoom_fit (self);
    }
}

/* GObject */

static void
sw_canvas_dispose (GObject *object)
{
  SwCanvas *self = SW_CANVAS (object);

  sw_canvas_set_model (self, NULL);
  g_clear_object (&self->history);
  g_clear_handle_id (&self->hint_timeout, g_source_remove);

  G_OBJECT_CLASS (sw_canvas_parent_class)->dispose (object);
}

static void
sw_canvas_finalize (GObject *object)
{
  SwCanvas *self = SW_CANVAS (object);

  g_clear_pointer (&self->items, g_array_unref);
  g_clear_object (&self->label_context);
  g_clear_pointer (&self->routes, g_array_unref);
  g_clear_pointer (&self->move_start, g_array_unref);
  g_clear_pointer (&self->auto_positions, g_hash_table_unref);
  g_clear_pointer (&self->selection, g_hash_table_unref);
  g_clear_pointer (&self->band_base, g_hash_table_unref);
  g_clear_pointer (&self->problems, g_hash_table_unref);
  g_clear_pointer (&self->wire_from, g_free);
  g_clear_pointer (&self->wire_to, g_free);
  g_clear_pointer (&self->hint, g_free);

  G_OBJECT_CLASS (sw_canvas_parent_class)->finalize (object);
}

static void
sw_canvas_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  SwCanvas *self = SW_CANVAS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->view.zoom);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_canvas_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  SwCanvas *self = SW_CANVAS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      sw_canvas_set_model (self, g_value_get_object (value));
      break;
    case PROP_HISTORY:
      sw_canvas_set_history (self, g_value_get_object (value));
      break;
    case PROP_ZOOM:
      sw_canvas_set_zoom (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_canvas_class_init (SwCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_canvas_dispose;
  object_class->finalize = sw_canvas_finalize;
  object_class->get_property = sw_canvas_get_property;
  object_class->set_property = sw_canvas_set_property;

  widget_class->snapshot = sw_canvas_snapshot;
  widget_class->measure = sw_canvas_measure;
  widget_class->size_allocate = sw_canvas_size_allocate;

  /**
   * SwCanvas:model:
   *
   * The model shown and edited, or %NULL.
   */
  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL,
                         SW_TYPE_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwCanvas:history:
   *
   * The model's history, so that a drag is one undo step; or %NULL.
   */
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL,
                         SW_TYPE_HISTORY,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwCanvas:zoom:
   *
   * Pixels per model unit: 1 is 100 %.
   */
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         MIN_ZOOM, MAX_ZOOM, 1.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SwCanvas::selection-changed:
   *
   * The selected components (or the selected wire) changed.
   */
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "canvas.delete-selection", NULL, delete_selection_action);
  gtk_widget_class_install_action (widget_class, "canvas.select-all", NULL, select_all_action);
  gtk_widget_class_install_action (widget_class, "canvas.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "canvas.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "canvas.cut", NULL, cut_action);
  gtk_widget_class_install_action (widget_class, "canvas.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "canvas.rotate", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "canvas.flip", NULL, flip_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_fit_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "canvas.delete-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "canvas.delete-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "canvas.delete-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK, "canvas.select-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "canvas.duplicate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "canvas.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_x, GDK_CONTROL_MASK, "canvas.cut", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "canvas.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "canvas.rotate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "canvas.flip", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "canvas.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "canvas.zoom-fit", NULL);

  gtk_widget_class_set_css_name (widget_class, "swcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
sw_canvas_init (SwCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;
  GtkDropTarget *drop;

  self->view.zoom = 1;
  self->view.tx = self->view.ty = 0;
  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (self->items, item_clear);
  self->move_start = g_array_new (FALSE, FALSE, sizeof (MoveStart));
  self->auto_positions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->selection = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->problems = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->hover_component = -1;
  self->connect_component = -1;
  self->press_component = -1;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (widget, TRUE);
  gtk_widget_add_css_class (widget, "view");
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (primary_drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (primary_drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (primary_drag_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (pan_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (pan_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (pan_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (gesture, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect_swapped (gesture, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (widget, controller);

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect_swapped (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  update_actions (self);
}

/* Public API */

GtkWidget *
sw_canvas_new (void)
{
  return g_object_new (SW_TYPE_CANVAS, NULL);
}

void
sw_canvas_set_model (SwCanvas *self,
                     SwModel  *model)
{
  gboolean had_selection;

  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (model == NULL || SW_IS_MODEL (model));

  if (self->model == model)
    return;

  if (self->in_group)
    {
      self->in_group = FALSE;
      group_end (self);
    }
  self->mode = MODE_NONE;
  self->hover_component = -1;
  self->placing = NULL;
  hide_hint (self);

  if (self->model != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->model);
      g_clear_object (&self->model);
    }

  had_selection = g_hash_table_size (self->selection) > 0 || self->wire_from != NULL;
  g_hash_table_remove_all (self->selection);
  clear_wire_selection (self);
  g_hash_table_remove_all (self->auto_positions);
  g_hash_table_remove_all (self->problems);

  if (model != NULL)
    {
      self->model = g_object_ref (model);
      self->changed_handler = g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb),
                                                       self, G_CONNECT_SWAPPED);
    }
  self->needs_fit = TRUE;
  rebuild_items (self);
  if (had_selection)
    selection_changed (self);
  update_actions (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

SwModel *
sw_canvas_get_model (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), NULL);

  return self->model;
}

void
sw_canvas_set_history (SwCanvas  *self,
                       SwHistory *history)
{
  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (history == NULL || SW_IS_HISTORY (history));

  if (self->history == history)
    return;
  if (self->in_group)
    {
      /* Close the group on the history that opened it. */
      self->in_group = FALSE;
      group_end (self);
      self->mode = MODE_NONE;
    }
  g_set_object (&self->history, history);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HISTORY]);
}

double
sw_canvas_get_zoom (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), 1.0);

  return self->view.zoom;
}

void
sw_canvas_set_zoom (SwCanvas *self,
                    double    zoom)
{
  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (zoom > 0);

  self->needs_fit = FALSE;
  set_view_zoom (self, zoom,
                 gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                 gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

/**
 * sw_canvas_dup_selection:
 *
 * Returns: (transfer full): the selected component indices, sorted, as
 *   #guint elements; free with g_array_unref().
 */
GArray *
sw_canvas_dup_selection (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), NULL);

  ensure_items (self);
  return dup_selection_indices (self);
}

int
sw_canvas_get_selected_component (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), -1);

  ensure_items (self);
  if (g_hash_table_size (self->selection) != 1)
    return -1;
  for (guint i = 0; i < self->items->len; i++)
    if (get_item (self, i)->selected)
      return (int) i;
  return -1;
}

/* Selects exactly this component; -1 clears the selection. */
void
sw_canvas_select_component (SwCanvas *self,
                            int       component)
{
  guint index;

  g_return_if_fail (SW_IS_CANVAS (self));

  ensure_items (self);
  g_return_if_fail (component < (int) self->items->len);

  if (component < 0)
    {
      select_none (self);
      return;
    }
  index = (guint) component;
  select_only (self, &index, 1);
}

void
sw_canvas_begin_place (SwCanvas   *self,
                       const char *kind_name)
{
  const SwKind *kind = NULL;

  g_return_if_fail (SW_IS_CANVAS (self));

  if (kind_name != NULL)
    {
      kind = sw_catalog_lookup (kind_name);
      g_return_if_fail (kind != NULL);
    }
  self->placing = kind;
  if (kind != NULL)
    {
      self->mode = MODE_NONE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
      gtk_widget_grab_focus (GTK_WIDGET (self));
    }
  else
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_canvas_set_problems (SwCanvas          *self,
                        const int         *components,
                        const char *const *messages,
                        guint              n)
{
  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (n == 0 || (components != NULL && messages != NULL));

  ensure_items (self);
  g_hash_table_remove_all (self->problems);
  for (guint k = 0; k < n; k++)
    {
      const char *id;
      const char *old;

      if (components[k] < 0 || (guint) components[k] >= self->items->len)
        continue;
      id = get_item (self, components[k])->id;
      /* Several problems on one component: one message per line. */
      old = g_hash_table_lookup (self->problems, id);
      g_hash_table_insert (self->problems, g_strdup (id),
                           old != NULL ? g_strconcat (old, "\n", messages[k], NULL) : g_strdup (messages[k]));
    }
  for (guint i = 0; i < self->items->len; i++)
    get_item (self, i)->problem = g_hash_table_lookup (self->problems, get_item (self, i)->id);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
