/* sw-canvas.c: the schematic editor of a model.
 *
 * The canvas keeps no copy of the document: on every "changed" of the model
 * it rebuilds a small cache (one SwCanvasItem per component: where it is
 * drawn, its box and its ports) and redraws. Every edit goes through the
 * model API, so a SwHistory on the model records it; gestures that make
 * many edits (dragging, deleting several components) are one history group.
 *
 * The selection is kept by component id, so that it survives edits that
 * shift indices; a component renamed in place stays selected.
 *
 * This file: the type, its properties, the model and history, the
 * selection, the view, hints and the public API. The rest is in
 * sw-canvas-{items,draw,input,actions,geometry}.c (see sw-canvas-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas.h"
#include "sw-canvas-private.h"

#include <adwaita.h>

#define FIT_MAX_ZOOM    2.0
#define HINT_TIMEOUT_MS 4000

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

/* Small helpers */

static double
clamp_zoom (double zoom)
{
  return CLAMP (zoom, SW_CANVAS_MIN_ZOOM, SW_CANVAS_MAX_ZOOM);
}

void
_sw_canvas_group_begin (SwCanvas *self)
{
  if (self->history != NULL)
    sw_history_begin_group (self->history);
}

void
_sw_canvas_group_end (SwCanvas *self)
{
  if (self->history != NULL)
    sw_history_end_group (self->history);
}

/* Several edits as one: one "changed" at the end (so that the canvas and
 * everyone else update once) and one undo step. */
void
_sw_canvas_edit_begin (SwCanvas *self)
{
  _sw_canvas_group_begin (self);
  sw_model_begin_edit (self->model);
}

void
_sw_canvas_edit_end (SwCanvas *self)
{
  sw_model_end_edit (self->model);
  _sw_canvas_group_end (self);
}

/* "inertia1.flange_a" */
char *
_sw_canvas_dup_port_path (const SwCanvasItem *item,
                          guint               port)
{
  return g_strdup_printf ("%s.%s", item->id, item->kind->ports[port].name);
}

/* Selection */

void
_sw_canvas_selection_changed (SwCanvas *self)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      SwCanvasItem *item = _sw_canvas_get_item (self, i);

      item->selected = g_hash_table_contains (self->selection, item->id);
    }
  _sw_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

gboolean
_sw_canvas_clear_wire_selection (SwCanvas *self)
{
  if (self->wire_from == NULL)
    return FALSE;
  g_clear_pointer (&self->wire_from, g_free);
  g_clear_pointer (&self->wire_to, g_free);
  return TRUE;
}

void
_sw_canvas_select_add (SwCanvas *self,
                       guint     index)
{
  g_hash_table_insert (self->selection, g_strdup (_sw_canvas_get_item (self, index)->id),
                       GUINT_TO_POINTER (index + 1));
}

/* Selects exactly these components (and no wire); emits when it changes. */
void
_sw_canvas_select_only (SwCanvas    *self,
                        const guint *indices,
                        guint        n)
{
  gboolean changed = _sw_canvas_clear_wire_selection (self);

  if (g_hash_table_size (self->selection) != n)
    changed = TRUE;
  else
    for (guint i = 0; i < n && !changed; i++)
      changed = !g_hash_table_contains (self->selection, _sw_canvas_get_item (self, indices[i])->id);

  if (!changed)
    return;
  g_hash_table_remove_all (self->selection);
  for (guint i = 0; i < n; i++)
    _sw_canvas_select_add (self, indices[i]);
  _sw_canvas_selection_changed (self);
}

void
_sw_canvas_select_none (SwCanvas *self)
{
  _sw_canvas_select_only (self, NULL, 0);
}

void
_sw_canvas_select_indices_array (SwCanvas *self,
                                 GArray   *indices)
{
  _sw_canvas_select_only (self, indices != NULL ? (const guint *) (gpointer) indices->data : NULL,
                          indices != NULL ? indices->len : 0);
}

void
_sw_canvas_select_wire (SwCanvas *self,
                        guint     connection)
{
  const SwConnection *c = sw_model_get_connection (self->model, connection);
  g_autofree char *from = _sw_canvas_dup_port_path (_sw_canvas_get_item (self, c->from_component),
                                                    c->from_port);
  g_autofree char *to = _sw_canvas_dup_port_path (_sw_canvas_get_item (self, c->to_component),
                                                  c->to_port);

  if (g_strcmp0 (from, self->wire_from) == 0 && g_strcmp0 (to, self->wire_to) == 0 &&
      g_hash_table_size (self->selection) == 0)
    return;
  g_hash_table_remove_all (self->selection);
  g_free (self->wire_from);
  g_free (self->wire_to);
  self->wire_from = g_steal_pointer (&from);
  self->wire_to = g_steal_pointer (&to);
  _sw_canvas_selection_changed (self);
}

int
_sw_canvas_find_selected_wire (SwCanvas *self)
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
      from = _sw_canvas_dup_port_path (_sw_canvas_get_item (self, c->from_component), c->from_port);
      to = _sw_canvas_dup_port_path (_sw_canvas_get_item (self, c->to_component), c->to_port);
      if (g_strcmp0 (from, self->wire_from) == 0 && g_strcmp0 (to, self->wire_to) == 0)
        return (int) i;
    }
  return -1;
}

/* Sorted selected indices, with "guint" elements. */
GArray *
_sw_canvas_dup_selection_indices (SwCanvas *self)
{
  GArray *indices = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < self->items->len; i++)
    if (_sw_canvas_get_item (self, i)->selected)
      g_array_append_val (indices, i);
  return indices;
}

/* Model */

static void
model_changed_cb (SwCanvas *self,
                  SwModel  *model)
{
  _sw_canvas_rebuild_items (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* View */

void
_sw_canvas_to_model (SwCanvas *self,
                     double    wx,
                     double    wy,
                     double   *mx,
                     double   *my)
{
  _sw_canvas_view_to_model (&self->view, wx, wy, mx, my);
}

void
_sw_canvas_set_view_zoom (SwCanvas *self,
                          double    zoom,
                          double    wx,
                          double    wy)
{
  zoom = clamp_zoom (zoom);
  if (zoom == self->view.zoom)
    return;
  self->fit_follows = FALSE;
  _sw_canvas_view_zoom_at (&self->view, zoom, wx, wy);
  _sw_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

void
_sw_canvas_zoom_fit (SwCanvas *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  SwCanvasRect bounds;
  double old_zoom = self->view.zoom;

  if (self->items->len == 0 || width <= 1 || height <= 1)
    return;
  bounds = _sw_canvas_content_bounds (self);
  _sw_canvas_view_fit (&self->view, &bounds, width, height, 16, SW_CANVAS_MIN_ZOOM, FIT_MAX_ZOOM);
  self->fit_follows = TRUE;
  self->fit_width = width;
  self->fit_height = height;
  _sw_canvas_update_actions (self);
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
 * itself, else it stays until the next hint or _sw_canvas_hide_hint(). */
void
_sw_canvas_show_hint (SwCanvas   *self,
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

void
_sw_canvas_hide_hint (SwCanvas *self)
{
  g_clear_handle_id (&self->hint_timeout, g_source_remove);
  if (self->hint != NULL)
    {
      g_clear_pointer (&self->hint, g_free);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
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

  /* Show a freshly set model whole, once there is room to; and again
   * at a new size while the view is as fitted (not zoomed or panned). */
  if ((self->needs_fit || (self->fit_follows && (width != self->fit_width || height != self->fit_height))) &&
      self->items->len > 0 && width > 1 && height > 1)
    {
      self->needs_fit = FALSE;
      _sw_canvas_zoom_fit (self);
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
  g_clear_pointer (&self->interface_ports, g_array_unref);
  g_clear_object (&self->label_context);
  g_clear_pointer (&self->routes, g_array_unref);
  g_clear_pointer (&self->move_start, g_array_unref);
  g_clear_pointer (&self->auto_positions, g_hash_table_unref);
  g_clear_pointer (&self->selection, g_hash_table_unref);
  g_clear_pointer (&self->band_base, g_hash_table_unref);
  g_clear_pointer (&self->problems, g_hash_table_unref);
  g_clear_pointer (&self->unconnected, g_hash_table_unref);
  g_clear_pointer (&self->path_prefix, g_free);
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

  widget_class->snapshot = _sw_canvas_snapshot;
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
                         SW_CANVAS_MIN_ZOOM, SW_CANVAS_MAX_ZOOM, 1.0,
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

  _sw_canvas_class_actions_init (widget_class);

  gtk_widget_class_set_css_name (widget_class, "swcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
sw_canvas_init (SwCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->view.zoom = 1;
  self->view.tx = self->view.ty = 0;
  self->items = g_array_new (FALSE, TRUE, sizeof (SwCanvasItem));
  g_array_set_clear_func (self->items, _sw_canvas_item_clear);
  self->interface_ports = g_array_new (FALSE, TRUE, sizeof (SwCanvasInterfacePort));
  g_array_set_clear_func (self->interface_ports, _sw_canvas_interface_port_clear);
  self->move_start = g_array_new (FALSE, FALSE, sizeof (SwCanvasMoveStart));
  self->auto_positions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->selection = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->problems = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->unconnected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->hover_component = -1;
  self->connect_component = -1;
  self->press_component = -1;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (widget, TRUE);
  gtk_widget_add_css_class (widget, "view");
  _sw_canvas_input_init (self);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  _sw_canvas_update_actions (self);
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
      _sw_canvas_group_end (self);
    }
  self->mode = SW_CANVAS_MODE_NONE;
  self->hover_component = -1;
  self->placing = NULL;
  _sw_canvas_hide_hint (self);

  if (self->model != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->model);
      g_clear_object (&self->model);
    }

  had_selection = g_hash_table_size (self->selection) > 0 || self->wire_from != NULL;
  g_hash_table_remove_all (self->selection);
  _sw_canvas_clear_wire_selection (self);
  g_hash_table_remove_all (self->auto_positions);
  g_hash_table_remove_all (self->problems);
  g_hash_table_remove_all (self->unconnected);

  if (model != NULL)
    {
      self->model = g_object_ref (model);
      self->changed_handler = g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb),
                                                       self, G_CONNECT_SWAPPED);
    }
  /* Shown whole once there is room; but a model set empty is being drawn:
   * its first part stays where it was dropped, at the zoom the user sees,
   * rather than the view jumping to fit it alone (centred, zoomed in). */
  self->needs_fit = model != NULL && sw_model_get_n_components (model) > 0;
  _sw_canvas_rebuild_items (self);
  if (had_selection)
    _sw_canvas_selection_changed (self);
  _sw_canvas_update_actions (self);
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
      _sw_canvas_group_end (self);
      self->mode = SW_CANVAS_MODE_NONE;
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
  self->fit_follows = FALSE;
  _sw_canvas_set_view_zoom (self, zoom,
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

  _sw_canvas_ensure_items (self);
  return _sw_canvas_dup_selection_indices (self);
}

int
sw_canvas_get_selected_component (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), -1);

  _sw_canvas_ensure_items (self);
  if (g_hash_table_size (self->selection) != 1)
    return -1;
  for (guint i = 0; i < self->items->len; i++)
    if (_sw_canvas_get_item (self, i)->selected)
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

  _sw_canvas_ensure_items (self);
  g_return_if_fail (component < (int) self->items->len);

  if (component < 0)
    {
      _sw_canvas_select_none (self);
      return;
    }
  index = (guint) component;
  _sw_canvas_select_only (self, &index, 1);
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
      self->mode = SW_CANVAS_MODE_NONE;
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

  _sw_canvas_ensure_items (self);
  g_hash_table_remove_all (self->problems);
  for (guint k = 0; k < n; k++)
    {
      const char *id;
      const char *old;

      if (components[k] < 0 || (guint) components[k] >= self->items->len)
        continue;
      id = _sw_canvas_get_item (self, components[k])->id;
      /* Several problems on one component: one message per line. */
      old = g_hash_table_lookup (self->problems, id);
      g_hash_table_insert (self->problems, g_strdup (id),
                           old != NULL ? g_strconcat (old, "\n", messages[k], NULL) : g_strdup (messages[k]));
    }
  for (guint i = 0; i < self->items->len; i++)
    _sw_canvas_get_item (self, i)->problem = g_hash_table_lookup (self->problems,
                                                                  _sw_canvas_get_item (self, i)->id);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_canvas_set_unconnected_ports (SwCanvas    *self,
                                 const int   *components,
                                 const guint *ports,
                                 guint        n)
{
  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (n == 0 || (components != NULL && ports != NULL));

  _sw_canvas_ensure_items (self);
  g_hash_table_remove_all (self->unconnected);
  for (guint k = 0; k < n; k++)
    {
      const SwCanvasItem *item;
      guint mask;

      if (components[k] < 0 || (guint) components[k] >= self->items->len)
        continue;
      item = _sw_canvas_get_item (self, components[k]);
      if (ports[k] >= item->kind->n_ports)
        continue;
      mask = GPOINTER_TO_UINT (g_hash_table_lookup (self->unconnected, item->id));
      g_hash_table_insert (self->unconnected, g_strdup (item->id), GUINT_TO_POINTER (mask | (1u << ports[k])));
    }
  for (guint i = 0; i < self->items->len; i++)
    {
      SwCanvasItem *item = _sw_canvas_get_item (self, i);

      item->unconnected = GPOINTER_TO_UINT (g_hash_table_lookup (self->unconnected, item->id));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Selects the component and, when it is not wholly in sight, centres the
 * view on it (a problem chosen in the list). */
void
sw_canvas_show_component (SwCanvas *self,
                          int       component)
{
  g_return_if_fail (SW_IS_CANVAS (self));

  _sw_canvas_ensure_items (self);
  g_return_if_fail (component >= 0 && component < (int) self->items->len);

  sw_canvas_select_component (self, component);
  _sw_canvas_centre_component (self, (guint) component);
}

/* For tests */

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

  return _sw_canvas_find_selected_wire (self);
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
  self->fit_follows = FALSE;
  _sw_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (zoom_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}
