/* sw-canvas-items.c: the canvas's cache of the model: one SwCanvasItem per
 * component (where it is drawn, its box, ports and measured labels), rebuilt
 * on every change with the selection carried over, and the routes of the
 * wires, kept until the next change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <string.h>

#include "sw-symbols.h"

/* Text sizes in model units, so that labels zoom with the drawing. */
#define ID_TEXT_SIZE    11.0
#define KEY_TEXT_SIZE   10.0
#define LABEL_GAP       8.0      /* clear of the selection and problem outlines */

/* Items */

/* A component's key text: a signal parameter shows its kind of signal, a
 * table of several rows "tau = 1.2 … 0.7 N·m" (its first value column, first
 * row to last). */
static char *
dup_key_text (const SwComponent *c)
{
  const SwKind *kind = c->kind;
  int index = kind->key_param != NULL ? sw_kind_find_param (kind, kind->key_param) : -1;

  if (index >= 0 && kind->params[index].type == SW_PARAM_SIGNAL &&
      c->signal[index] != NULL && !sw_signal_is_constant (c->signal[index]))
    return g_strdup_printf ("%s = %s", kind->params[index].name,
                            sw_signal_get_type_name (c->signal[index]));
  if (index >= 0 && kind->params[index].type == SW_PARAM_TABLE && c->table[index] != NULL &&
      sw_table_get_n_columns (c->table[index]) >= 2 && sw_table_get_n_rows (c->table[index]) > 1)
    {
      const SwTable *table = c->table[index];
      double params[SW_KIND_MAX_PARAMS];
      g_autofree char *first = NULL;
      char *equals;

      /* "tau = 1.2 N·m" with the last row's value put in. */
      memcpy (params, c->param, kind->n_params * sizeof (double));
      params[index] = sw_table_get (table, 0, 1);
      first = sw_symbol_dup_key_text (kind, params);
      equals = first != NULL ? strstr (first, " = ") : NULL;
      if (equals != NULL)
        {
          g_autofree char *last = g_strdup_printf ("%g", sw_table_get (table, sw_table_get_n_rows (table) - 1, 1));
          char *unit = strchr (equals + 3, ' ');

          return g_strdup_printf ("%.*s … %s%s", (int) (unit != NULL ? unit - first : (gssize) strlen (first)),
                                  first, last, unit != NULL ? unit : "");
        }
      return g_steal_pointer (&first);
    }
  return sw_symbol_dup_key_text (kind, c->param);
}

PangoFontDescription *
_sw_canvas_dup_label_font (GtkWidget *widget)
{
  const PangoFontDescription *base = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, base != NULL && pango_font_description_get_family (base) != NULL
                                     ? pango_font_description_get_family (base) : "Sans");
  return font;
}

void
_sw_canvas_set_label_font (PangoFontDescription *font,
                           guint                 line)
{
  pango_font_description_set_absolute_size (font, (line == 0 ? ID_TEXT_SIZE : KEY_TEXT_SIZE) * PANGO_SCALE);
  pango_font_description_set_weight (font, line == 0 ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
}

/* Where line (0 the id, 1 the key text) of an item's label starts. */
void
_sw_canvas_label_origin (const SwCanvasItem *item,
                         guint               line,
                         double             *x,
                         double             *y)
{
  const SwCanvasRect *box = &item->box;
  double height = item->label_h[0] + item->label_h[1];

  switch (item->label_side)
    {
    case SW_CANVAS_LABEL_BELOW:
      *y = box->y + box->height + LABEL_GAP;
      break;
    case SW_CANVAS_LABEL_RIGHT:
      *y = box->y + box->height / 2 - height / 2;
      break;
    case SW_CANVAS_LABEL_ABOVE:
    default:
      *y = box->y - LABEL_GAP - height;
      break;
    }
  if (line == 1)
    *y += item->label_h[0];
  if (item->label_side == SW_CANVAS_LABEL_RIGHT)
    *x = box->x + box->width + LABEL_GAP + 2;
  else
    *x = box->x + box->width / 2 - item->label_w[line] / 2;
}

/* Measures the labels and sets the area wires keep out of. */
static void
item_measure_labels (SwCanvas     *self,
                     SwCanvasItem *item)
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
  font = _sw_canvas_dup_label_font (GTK_WIDGET (self));
  item->keep_out = item->box;
  item->label = (SwCanvasRect) { item->x, item->y, 0, 0 };
  for (guint k = 0; k < 2; k++)
    {
      PangoRectangle logical;

      item->label_w[k] = item->label_h[k] = 0;
      if (lines[k] == NULL)
        continue;
      _sw_canvas_set_label_font (font, k);
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
      _sw_canvas_label_origin (item, k, &r.x, &r.y);
      r.width = item->label_w[k];
      r.height = item->label_h[k];
      r = _sw_canvas_rect_inflate (&r, 2);
      item->label = k == 0 || lines[0] == NULL ? r : _sw_canvas_rect_union (&item->label, &r);
      item->keep_out = _sw_canvas_rect_union (&item->keep_out, &r);
    }
  pango_font_description_free (font);
}

void
_sw_canvas_item_clear (gpointer data)
{
  SwCanvasItem *item = data;

  g_clear_pointer (&item->key, g_free);
  g_clear_pointer (&item->id, g_free);
  if (item->kind != NULL)
    sw_kind_unref (g_steal_pointer (&item->kind));
}

static SwCanvasLabelSide
label_side (const SwCanvasItem *item)
{
  gboolean top = FALSE, bottom = FALSE;

  for (guint p = 0; p < item->kind->n_ports; p++)
    {
      top |= item->port_dir[p] == SW_CANVAS_DIR_UP;
      bottom |= item->port_dir[p] == SW_CANVAS_DIR_DOWN;
    }
  if (!top)
    return SW_CANVAS_LABEL_ABOVE;
  if (!bottom)
    return SW_CANVAS_LABEL_BELOW;
  return SW_CANVAS_LABEL_RIGHT;
}

static void
item_place (SwCanvas *self,
            guint     index)
{
  SwCanvasItem *item = _sw_canvas_get_item (self, index);
  const SwKind *kind = item->kind;

  item->box = _sw_canvas_symbol_box (kind, item->x, item->y, item->rotation);
  for (guint p = 0; p < kind->n_ports; p++)
    _sw_canvas_port_place (kind, p, item->x, item->y, item->rotation, item->flipped,
                           &item->port_x[p], &item->port_y[p], &item->port_dir[p]);
  item->label_side = label_side (item);
  g_clear_pointer (&item->key, g_free);
  item->key = dup_key_text (sw_model_get_component (self->model, index));
}

/* Whether item i's label overlaps the label of another item before it. */
static gboolean
label_overlaps_earlier (SwCanvas *self,
                        guint     i)
{
  const SwCanvasItem *item = _sw_canvas_get_item (self, i);

  for (guint j = 0; j < i; j++)
    if (_sw_canvas_rect_intersects (&item->label, &_sw_canvas_get_item (self, j)->label))
      return TRUE;
  return FALSE;
}

/* Neighbours' long ids overlap above their symbols: a label that overlaps
 * an earlier one goes below its symbol when it has no port there and that
 * overlaps nothing (every second one of a row of long ids). */
static void
separate_labels (SwCanvas *self)
{
  for (guint i = 1; i < self->items->len; i++)
    {
      SwCanvasItem *item = _sw_canvas_get_item (self, i);
      gboolean bottom_port = FALSE;

      if (item->label_side != SW_CANVAS_LABEL_ABOVE || !label_overlaps_earlier (self, i))
        continue;
      for (guint p = 0; p < item->kind->n_ports; p++)
        bottom_port |= item->port_dir[p] == SW_CANVAS_DIR_DOWN;
      if (bottom_port)
        continue;
      item->label_side = SW_CANVAS_LABEL_BELOW;
      item_measure_labels (self, item);
      if (label_overlaps_earlier (self, i))
        {
          item->label_side = SW_CANVAS_LABEL_ABOVE;
          item_measure_labels (self, item);
        }
    }
}

/* Rebuilds the items from the model and carries the selection over: by
 * id, or by index for a component renamed in place. */
void
_sw_canvas_rebuild_items (SwCanvas *self)
{
  g_autoptr(GHashTable) old_selection = self->selection;
  SwCanvasSpots *occupied = _sw_canvas_spots_new ();
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
      SwCanvasItem *item = _sw_canvas_get_item (self, i);
      const SwComponent *c = sw_model_get_component (self->model, i);

      item->id = g_strdup (c->id);
      item->kind = sw_kind_ref (c->kind);
      item->has_position = c->has_position;
      item->rotation = sw_model_get_rotation (self->model, i);
      item->flipped = sw_model_get_flipped (self->model, i);
      item->problem = g_hash_table_lookup (self->problems, c->id);
      item->unconnected = GPOINTER_TO_UINT (g_hash_table_lookup (self->unconnected, c->id));
      if (c->has_position)
        {
          item->x = c->position[0];
          item->y = c->position[1];
          item_place (self, i);
          _sw_canvas_spots_add (occupied, &item->box);
          g_hash_table_remove (self->auto_positions, c->id);
        }
      if (g_hash_table_contains (old_selection, c->id))
        g_hash_table_insert (self->selection, g_strdup (c->id), GUINT_TO_POINTER (i + 1));
    }

  /* Components without a position: where they were shown before, else the
   * first free spot. */
  for (guint i = 0; i < n; i++)
    {
      SwCanvasItem *item = _sw_canvas_get_item (self, i);
      double *spot;

      if (item->has_position)
        continue;
      spot = g_hash_table_lookup (self->auto_positions, item->id);
      if (spot == NULL)
        {
          double w = 0, h = 0;

          spot = g_new (double, 2);
          sw_symbol_get_size (item->kind, &w, &h);
          _sw_canvas_spots_find (occupied, MAX (w, h), MAX (w, h), &spot[0], &spot[1]);
          g_hash_table_insert (self->auto_positions, g_strdup (item->id), spot);
        }
      item->x = spot[0];
      item->y = spot[1];
      item_place (self, i);
      _sw_canvas_spots_add (occupied, &item->box);
    }
  _sw_canvas_spots_free (occupied);

  /* A selected id that vanished while the number of components stayed:
   * renamed in place, keep it selected. */
  g_hash_table_iter_init (&iter, old_selection);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint index = GPOINTER_TO_UINT (value) - 1;

      if (g_hash_table_contains (self->selection, key))
        continue;
      if (n == old_n && index < n &&
          !g_hash_table_contains (old_selection, _sw_canvas_get_item (self, index)->id))
        _sw_canvas_select_add (self, index);
      else
        selection_differs = TRUE;
    }
  selection_differs |= g_hash_table_size (self->selection) != g_hash_table_size (old_selection);

  if (self->wire_from != NULL && _sw_canvas_find_selected_wire (self) < 0)
    selection_differs |= _sw_canvas_clear_wire_selection (self);

  for (guint i = 0; i < n; i++)
    {
      SwCanvasItem *item = _sw_canvas_get_item (self, i);

      item->selected = g_hash_table_contains (self->selection, item->id);
      item_measure_labels (self, item);
    }
  separate_labels (self);
  _sw_canvas_interface_rebuild (self);

  /* The pointer may have been over a port that moved or vanished. */
  if (self->hover_component >= (int) n)
    self->hover_component = -1;
  if (self->connect_component >= (int) n && self->mode == SW_CANVAS_MODE_CONNECT)
    self->mode = SW_CANVAS_MODE_NONE;

  if (selection_differs)
    _sw_canvas_selection_changed (self);
  else
    _sw_canvas_update_actions (self);
}

/* Another handler of the model's "changed", run before the canvas's own,
 * may call into the canvas: rebuild first when the items no longer match
 * the components. */
void
_sw_canvas_ensure_items (SwCanvas *self)
{
  guint n = self->model != NULL ? sw_model_get_n_components (self->model) : 0;
  gboolean stale = n != self->items->len;

  for (guint i = 0; i < n && !stale; i++)
    {
      const SwComponent *c = sw_model_get_component (self->model, i);
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);

      stale = c->kind != item->kind || strcmp (c->id, item->id) != 0;
    }
  if (stale)
    _sw_canvas_rebuild_items (self);
}

/* Everything drawn for the items, in model units: symbols and labels,
 * wires, the subsystem's port markers. */
SwCanvasRect
_sw_canvas_content_bounds (SwCanvas *self)
{
  SwCanvasRect bounds = { 0 };

  for (guint i = 0; i < self->items->len; i++)
    {
      SwCanvasRect r = _sw_canvas_rect_inflate (&_sw_canvas_get_item (self, i)->keep_out, 10);

      bounds = i == 0 ? r : _sw_canvas_rect_union (&bounds, &r);
    }
  /* And the wires, which may run round the symbols (to a ground below). */
  if (self->items->len > 0 && self->model != NULL)
    {
      const SwCanvasRoute *routes = _sw_canvas_get_routes (self);

      for (guint c = 0; c < sw_model_get_n_connections (self->model); c++)
        for (guint k = 0; k < routes[c].n_points; k++)
          {
            SwCanvasRect r = { routes[c].x[k] - 10, routes[c].y[k] - 10, 20, 20 };

            bounds = _sw_canvas_rect_union (&bounds, &r);
          }
    }
  /* And the markers of a subsystem's own ports. */
  return _sw_canvas_interface_bounds (self, &bounds);
}

/* Wires */

static gboolean
connection_valid (SwCanvas           *self,
                  const SwConnection *c)
{
  return c->from_component < self->items->len && c->to_component < self->items->len &&
         c->from_port < _sw_canvas_get_item (self, c->from_component)->kind->n_ports &&
         c->to_port < _sw_canvas_get_item (self, c->to_component)->kind->n_ports;
}

/* Whether two connections share a port. */
gboolean
_sw_canvas_connections_meet (const SwConnection *a,
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

void
_sw_canvas_item_obstacles (const SwCanvasItem *item,
                           SwCanvasObstacle   *obstacles)
{
  obstacles[0] = (SwCanvasObstacle) { item->box, SW_CANVAS_COST_SYMBOL };
  obstacles[1] = (SwCanvasObstacle) { item->label, SW_CANVAS_COST_LABEL };
}

/* Besides its ends' symbols and labels, the obstacles of the wire from a
 * to b are the other symbols near them: a wire drawn through a symbol
 * looks connected to it (a clutch's wire across a gear's body, where its
 * housing port is). Near: touching the ends' boxes and ports grown by a
 * symbol's reach, as far as the routes' lanes go; farther ones cost
 * nothing to look at on a large model. */
#define ROUTE_REACH (4 * SW_CANVAS_GRID + SW_CANVAS_WIRE_STUB)
/* How far beyond its obstacles a wire's lanes go (a stub, half a grid step
 * snapped, a grid step beside), with room to spare. */
#define LANES_REACH (3 * SW_CANVAS_GRID + SW_CANVAS_WIRE_STUB)

/* The box of a route's points. */
static SwCanvasRect
route_bounds (const SwCanvasRoute *route)
{
  SwCanvasRect box = { route->n_points > 0 ? route->x[0] : 0, route->n_points > 0 ? route->y[0] : 0, 0, 0 };

  for (guint m = 1; m < route->n_points; m++)
    {
      SwCanvasRect point = { route->x[m], route->y[m], 0, 0 };

      box = _sw_canvas_rect_union (&box, &point);
    }
  return box;
}

static void
add_near_symbols (SwCanvas           *self,
                  guint               a,
                  guint               b,
                  const SwCanvasRect *region,
                  GArray             *obstacles)
{
  for (guint k = 0; k < self->items->len; k++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, k);
      SwCanvasObstacle obstacle = { item->box, SW_CANVAS_COST_SYMBOL };

      if (k != a && k != b && _sw_canvas_rect_intersects (&item->box, region))
        g_array_append_val (obstacles, obstacle);
    }
}

/* The routes of all wires (one per connection; no points for an invalid
 * one), each routed clear of the symbols near it and of the wires routed
 * before it that belong to another node. Kept until the next change. */
const SwCanvasRoute *
_sw_canvas_get_routes (SwCanvas *self)
{
  g_autoptr(GArray) others = NULL;
  g_autoptr(GArray) obstacles = NULL;
  g_autoptr(GArray) bounds = NULL;
  g_autoptr(GArray) boxes = NULL;
  SwCanvasParts *parts;
  guint n;

  if (self->routes != NULL)
    return (const SwCanvasRoute *) (gpointer) self->routes->data;

  n = self->model != NULL ? sw_model_get_n_connections (self->model) : 0;
  self->routes = g_array_sized_new (FALSE, TRUE, sizeof (SwCanvasRoute), n);
  g_array_set_size (self->routes, n);
  others = g_array_sized_new (FALSE, FALSE, sizeof (SwCanvasRoute), n);
  bounds = g_array_sized_new (FALSE, TRUE, sizeof (SwCanvasRect), n);
  g_array_set_size (bounds, n);
  obstacles = g_array_sized_new (FALSE, FALSE, sizeof (SwCanvasObstacle), 8);
  /* Every part, to keep every wire off those it does not join. */
  boxes = g_array_sized_new (FALSE, FALSE, sizeof (SwCanvasRect), self->items->len);
  for (guint k = 0; k < self->items->len; k++)
    g_array_append_val (boxes, _sw_canvas_get_item (self, k)->box);
  parts = _sw_canvas_parts_new ((const SwCanvasRect *) (gpointer) boxes->data, boxes->len);

  for (guint i = 0; i < n; i++)
    {
      const SwConnection *c = sw_model_get_connection (self->model, i);
      SwCanvasRoute *route = &g_array_index (self->routes, SwCanvasRoute, i);
      const SwCanvasItem *a, *b;
      SwCanvasRect region, reach;

      if (!connection_valid (self, c))
        continue;

      a = _sw_canvas_get_item (self, c->from_component);
      b = _sw_canvas_get_item (self, c->to_component);
      g_array_set_size (obstacles, a == b ? 2 : 4);
      _sw_canvas_item_obstacles (a, &g_array_index (obstacles, SwCanvasObstacle, 0));
      if (a != b)
        _sw_canvas_item_obstacles (b, &g_array_index (obstacles, SwCanvasObstacle, 2));
      region = _sw_canvas_rect_union (&a->box, &b->box);
      region.x -= ROUTE_REACH;
      region.y -= ROUTE_REACH;
      region.width += 2 * ROUTE_REACH;
      region.height += 2 * ROUTE_REACH;
      add_near_symbols (self, c->from_component, c->to_component, &region, obstacles);

      /* The wires routed before that its lanes can reach: the region and
       * the obstacles (whose sides the lanes follow) and a few grid steps
       * round (a wire elsewhere cannot run along it; on a model of 12 000
       * components every wire against every other took minutes). */
      reach = region;
      for (guint k = 0; k < obstacles->len; k++)
        reach = _sw_canvas_rect_union (&reach, &g_array_index (obstacles, SwCanvasObstacle, k).rect);
      reach.x -= LANES_REACH;
      reach.y -= LANES_REACH;
      reach.width += 2 * LANES_REACH;
      reach.height += 2 * LANES_REACH;
      g_array_set_size (others, 0);
      for (guint j = 0; j < i; j++)
        {
          const SwCanvasRoute *other = &g_array_index (self->routes, SwCanvasRoute, j);

          if (other->n_points > 0 && _sw_canvas_rect_intersects (&g_array_index (bounds, SwCanvasRect, j), &reach)
              && !_sw_canvas_connections_meet (c, sw_model_get_connection (self->model, j)))
            g_array_append_val (others, *other);
        }
      /* The few usual shapes first; where each crosses a part (a crowded
       * drawing), a way found between them. */
      if (!_sw_canvas_route_among (a->port_x[c->from_port], a->port_y[c->from_port], a->port_dir[c->from_port],
                                   b->port_x[c->to_port], b->port_y[c->to_port], b->port_dir[c->to_port],
                                   (const SwCanvasObstacle *) (gpointer) obstacles->data, obstacles->len,
                                   (const SwCanvasRoute *) (gpointer) others->data, others->len,
                                   parts, c->from_component, c->to_component, route))
        _sw_canvas_parts_route (parts, a->port_x[c->from_port], a->port_y[c->from_port], a->port_dir[c->from_port],
                                b->port_x[c->to_port], b->port_y[c->to_port], b->port_dir[c->to_port],
                                (const SwCanvasRoute *) (gpointer) others->data, others->len, route);
      g_array_index (bounds, SwCanvasRect, i) = route_bounds (route);
    }
  _sw_canvas_parts_free (parts);
  return (const SwCanvasRoute *) (gpointer) self->routes->data;
}
