/* sw-plot-view-legend.c: SwPlotView's curves shown or hidden by a click on
 * their legend entries (the entries' places from the last drawing's
 * geometry, their columns from the scene built again).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view-private.h"

#include <string.h>

void
sw_plot_view_set_column_hidden (SwPlotView *self, const char *name, gboolean hidden)
{
  Column *c;
  int i;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (name != NULL);

  if ((i = _sw_plot_view_find_column (self, name)) < 0)
    return;
  c = g_ptr_array_index (self->columns, i);
  if (c->hidden == !!hidden)
    return;
  c->hidden = !!hidden;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_plot_view_get_column_hidden (SwPlotView *self, const char *name)
{
  int i;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if ((i = _sw_plot_view_find_column (self, name)) < 0)
    return FALSE;
  return ((Column *) g_ptr_array_index (self->columns, i))->hidden;
}

gboolean
_sw_plot_view_legend_click (SwPlotView *self, double x, double y)
{
  const SwPlotGeometry *g = &self->geometry;
  gboolean handled = FALSE;

  if (!self->has_geometry || _sw_plot_view_is_xy (self))
    return FALSE;
  for (guint i = 0; i < g->n_legend && !handled; i++)
    {
      const SwPlotLegendEntry *e = &g->legend[i];
      Scene s;

      if (x < e->left || x > e->left + e->width || y < e->top || y > e->top + e->height)
        continue;
      if (_sw_plot_view_build_scene (self, &s, TRUE) && e->curve < s.curve_names->len)
        {
          const char *name = g_ptr_array_index (s.curve_names, e->curve);
          g_autofree char *copy = g_strdup (name);

          _sw_plot_view_scene_clear (&s);
          sw_plot_view_set_column_hidden (self, copy, !sw_plot_view_get_column_hidden (self, copy));
          handled = TRUE;
        }
      else
        _sw_plot_view_scene_clear (&s);
    }
  return handled;
}
