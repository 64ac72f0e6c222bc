/* sw-canvas-place.c: placing components: a kind or a file's subsystem at
 * a point (one undo step, the new component selected), at the view's centre
 * on the nearest free grid spot (sw_canvas_place_kind_at_center()), and the
 * end of placing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

/* Placing */

/* A new component of kind (or, path given, of the subsystem in that file)
 * at (mx, my) in model units, selected; a refusal is a hint at (wx, wy).
 * Its index, or -1. */
int
_sw_canvas_place_at (SwCanvas     *self,
                     const SwKind *kind,
                     const char   *path,
                     double        mx,
                     double        my,
                     double        wx,
                     double        wy)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  int index;
  guint new_index;

  if (path != NULL)
    {
      /* "…/engine-unit.shaft" -> engine_unit1 */
      g_autofree char *base = g_path_get_basename (path);

      if (strchr (base, '.') != NULL)
        *strrchr (base, '.') = '\0';
      id = sw_model_dup_unique_id (self->model, base);
    }
  else
    id = sw_model_dup_unique_id (self->model, kind->name);

  _sw_canvas_edit_begin (self);
  index = path != NULL ? sw_model_add_subsystem (self->model, path, id, &error)
                       : sw_model_add_component (self->model, kind->name, id, &error);
  if (index >= 0)
    sw_model_set_position (self->model, (guint) index, _sw_canvas_snap (mx), _sw_canvas_snap (my));
  /* A part that does something: the kind's values for a new component
   * (a clutch's normal force, a damper's d) over the file's defaults. */
  for (const SwParamValue *v = path == NULL && index >= 0 ? kind->placed : NULL; v != NULL && v->name != NULL; v++)
    if (!sw_model_set_param (self->model, (guint) index, v->name, v->value, &error))
      {
        g_critical ("%s: placed value of %s: %s", kind->name, v->name, error->message);
        g_clear_error (&error);
      }
  _sw_canvas_edit_end (self);

  if (index < 0)
    {
      _sw_canvas_show_hint (self, error->message, wx, wy, TRUE);
      return -1;
    }
  new_index = (guint) index;
  /* Inside a caller's edit the model has not said "changed" yet. */
  _sw_canvas_ensure_items (self);
  _sw_canvas_select_only (self, &new_index, 1);
  return index;
}

void
_sw_canvas_place_kind (SwCanvas     *self,
                       const SwKind *kind,
                       double        wx,
                       double        wy)
{
  double mx, my;

  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  _sw_canvas_place_at (self, kind, NULL, mx, my, wx, wy);
}

/* The view's centre in widget units (as if at the natural size before the
 * first allocation). */
void
_sw_canvas_view_center (SwCanvas *self,
                        double   *wx,
                        double   *wy)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  *wx = (width > 1 ? width : 640) / 2.0;
  *wy = (height > 1 ? height : 400) / 2.0;
}

/* The height of a new component's two label lines and their gap. */
#define PLACE_LABELS_H (3 * SW_CANVAS_GRID)

/* The grid spot nearest (mx, my) where kind's symbol and its labels keep
 * clear of every component and its labels. */
static void
free_spot_near (SwCanvas     *self,
                const SwKind *kind,
                double       *mx,
                double       *my)
{
  const double step = 2 * SW_CANVAS_GRID;
  double x0 = _sw_canvas_snap (*mx), y0 = _sw_canvas_snap (*my);

  for (int ring = 0; ring <= 40; ring++)
    {
      double best_d = INFINITY, best_x = x0, best_y = y0;

      /* Right first among spots as near: a drivetrain built by Enter in
       * the palette's search grows from its drive towards its load. */
      for (int i = ring; i >= -ring; i--)
        for (int j = -ring; j <= ring; j++)
          {
            double x = x0 + i * step, y = y0 + j * step, d;
            SwCanvasRect box;
            gboolean free = TRUE;

            if (MAX (ABS (i), ABS (j)) != ring)
              continue;
            box = _sw_canvas_symbol_box (kind, x, y, 0);
            /* Its labels (name and key value, above it) kept clear too:
             * a new clutch under an engine put its name over the engine's
             * support. */
            box.y -= PLACE_LABELS_H;
            box.height += PLACE_LABELS_H;
            box = _sw_canvas_rect_inflate (&box, SW_CANVAS_GRID);
            for (guint k = 0; k < self->items->len && free; k++)
              free = !_sw_canvas_rect_intersects (&box, &_sw_canvas_get_item (self, k)->keep_out);
            d = hypot (x - *mx, y - *my);
            if (free && d < best_d)
              {
                best_d = d;
                best_x = x;
                best_y = y;
              }
          }
      if (isfinite (best_d))
        {
          *mx = best_x;
          *my = best_y;
          return;
        }
    }
  *mx = x0;
  *my = y0;
}

/* Room between a component's labels and the next one placed after it:
 * its ports' stubs and a wire. */
#define PLACE_AFTER_GAP (4 * SW_CANVAS_GRID)

int
_sw_canvas_place_at_center (SwCanvas     *self,
                            const SwKind *kind)
{
  double wx, wy, mx, my;
  int selected, index;

  _sw_canvas_ensure_items (self);
  _sw_canvas_view_center (self, &wx, &wy);
  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  /* After the one selected (the part placed last), on its line: Enter,
   * Enter, Enter in the palette's search lays a drivetrain out from its
   * drive to its load, rather than around the view's centre. */
  selected = sw_canvas_get_selected_component (self);
  if (selected >= 0)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, (guint) selected);
      SwCanvasRect box = _sw_canvas_symbol_box (kind, 0, 0, 0);

      mx = item->keep_out.x + item->keep_out.width + PLACE_AFTER_GAP - box.x;
      my = item->y;
    }
  free_spot_near (self, kind, &mx, &my);
  index = _sw_canvas_place_at (self, kind, NULL, mx, my, wx, wy);
  if (index >= 0)
    _sw_canvas_centre_component (self, (guint) index);
  return index;
}

int
sw_canvas_place_subsystem_at_center (SwCanvas   *self,
                                     const char *path)
{
  double wx, wy, mx, my;

  g_return_val_if_fail (SW_IS_CANVAS (self), -1);
  g_return_val_if_fail (path != NULL, -1);

  if (self->model == NULL)
    return -1;
  _sw_canvas_ensure_items (self);
  _sw_canvas_view_center (self, &wx, &wy);
  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  return _sw_canvas_place_at (self, NULL, path, mx, my, wx, wy);
}

int
sw_canvas_place_kind_at_center (SwCanvas   *self,
                                const char *kind_name)
{
  const SwKind *kind;

  g_return_val_if_fail (SW_IS_CANVAS (self), -1);
  g_return_val_if_fail (kind_name != NULL, -1);

  kind = sw_catalog_lookup (kind_name);
  g_return_val_if_fail (kind != NULL, -1);

  if (self->model == NULL)
    return -1;
  return _sw_canvas_place_at_center (self, kind);
}

void
_sw_canvas_end_placing (SwCanvas *self)
{
  self->placing = NULL;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
