/* sw-plot-view-scene.c: what SwPlotView shows, as a scene (sw-plot-draw.h):
 * the units and labels shown, the columns' panels, the curves of every run
 * and their keys. sw-plot-view.c draws the scene and exports it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-plot-file.h"

/* ---- Units and labels ---------------------------------------------------- */

/* How a stored unit is shown: the factor and the unit shown. */
double
_sw_plot_view_display_factor (SwPlotUnits units, const char *unit, const char **shown_unit)
{
  *shown_unit = unit != NULL ? unit : "";
  if (units == SW_PLOT_UNITS_SI || unit == NULL)
    return 1.0;
  /* Speeds and angles each as their own preference says. */
  if (strcmp (unit, "rad/s") == 0 && (units == SW_PLOT_UNITS_RPM_DEGREES || units == SW_PLOT_UNITS_RPM))
    {
      *shown_unit = "rpm";
      return 60.0 / (2.0 * G_PI);
    }
  if (strcmp (unit, "rad") == 0 && (units == SW_PLOT_UNITS_RPM_DEGREES || units == SW_PLOT_UNITS_DEGREES))
    {
      *shown_unit = "deg";
      return 180.0 / G_PI;
    }
  return 1.0;
}

/* "inertia1.w": "w"; a name without a dot is all variable. */
static const char *
variable_part (const char *name)
{
  const char *dot = strrchr (name, '.');

  return dot != NULL ? dot + 1 : name;
}

/* "speed w [rad/s]", "w [Hz]", "speed [rad/s]", "[1]". */
static char *
axis_label (const char *unit, const char *variable)
{
  const char *quantity = sw_plot_unit_quantity (unit);
  GString *s = g_string_new (NULL);

  if (quantity != NULL)
    g_string_append (s, quantity);
  if (variable != NULL && *variable != '\0')
    g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", variable);
  g_string_append_printf (s, "%s[%s]", s->len > 0 ? " " : "",
                          unit != NULL && *unit != '\0' ? unit : "1");
  return g_string_free (s, FALSE);
}

/* ---- Panels -------------------------------------------------------------- */

static const char *
column_unit (SwPlotView *self, const char *name)
{
  SwTrajectory *tr = self->analysis == SW_PLOT_ANALYSIS_TIME ? self->trajectory : _sw_plot_view_shown (self);
  int column;

  /* Of the run: a spectrum that cannot be made still has panels. */
  if (tr == NULL)
    tr = self->trajectory;
  if (tr == NULL || (column = sw_trajectory_find_column (tr, name)) < 0)
    return NULL;
  return sw_trajectory_get_column_unit (tr, (guint) column);
}

/* Each column's panel (-1: not shown) and the number of panels. keys (may
 * be NULL) gets the panel keys, owned by the caller. */
guint
_sw_plot_view_compute_panels (SwPlotView *self, int *panel_of, GPtrArray *keys_out)
{
  guint n = self->columns->len, n_panels = 0;
  g_autofree char **keys = g_new0 (char *, n + 1);
  g_autofree double *orders = g_new0 (double, n + 1);
  g_autofree guint *rank = g_new0 (guint, n + 1);
  g_autoptr(GPtrArray) distinct = g_ptr_array_new ();
  g_autoptr(GArray) distinct_order = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < n; i++)
    {
      Column *c = g_ptr_array_index (self->columns, i);
      const char *unit = column_unit (self, c->name);
      guint d;

      panel_of[i] = -1;
      if (unit == NULL)
        continue;
      keys[i] = c->key != NULL ? g_strdup (c->key) : g_strconcat ("u:", unit, NULL);
      for (d = 0; d < distinct->len; d++)
        if (strcmp (g_ptr_array_index (distinct, d), keys[i]) == 0)
          break;
      if (d == distinct->len)
        {
          /* New panels last, in the order they were made. */
          double order = g_str_has_prefix (keys[i], "n:") ? n + g_ascii_strtod (keys[i] + 2, NULL) : i;
          g_ptr_array_add (distinct, keys[i]);
          g_array_append_val (distinct_order, order);
        }
      panel_of[i] = (int) d;
    }
  /* Rank the distinct keys by their order. */
  for (guint d = 0; d < distinct->len; d++)
    {
      guint r = 0;
      for (guint e = 0; e < distinct->len; e++)
        if (g_array_index (distinct_order, double, e) < g_array_index (distinct_order, double, d) ||
            (g_array_index (distinct_order, double, e) == g_array_index (distinct_order, double, d) && e < d))
          r++;
      rank[d] = MIN (r, SW_PLOT_MAX_PANELS - 1);
    }
  n_panels = MIN (distinct->len, SW_PLOT_MAX_PANELS);
  for (guint i = 0; i < n; i++)
    if (panel_of[i] >= 0)
      panel_of[i] = (int) rank[panel_of[i]];
  if (keys_out != NULL)
    {
      g_ptr_array_set_size (keys_out, n_panels);
      for (guint d = 0; d < distinct->len; d++)
        if (g_ptr_array_index (keys_out, rank[d]) == NULL)
          g_ptr_array_index (keys_out, rank[d]) = g_strdup (g_ptr_array_index (distinct, d));
    }
  for (guint i = 0; i < n; i++)
    g_free (keys[i]);
  (void) orders;
  return n_panels;
}

int
_sw_plot_view_find_column (SwPlotView *self, const char *name)
{
  for (guint i = 0; i < self->columns->len; i++)
    if (strcmp (((Column *) g_ptr_array_index (self->columns, i))->name, name) == 0)
      return (int) i;
  return -1;
}


void
_sw_plot_view_scene_clear (Scene *s)
{
  g_clear_pointer (&s->panels, g_array_unref);
  g_clear_pointer (&s->curves, g_array_unref);
  g_clear_pointer (&s->keys, g_array_unref);
  g_clear_pointer (&s->strings, g_ptr_array_unref);
  g_clear_pointer (&s->curve_names, g_ptr_array_unref);
}

static const char *
keep (Scene *s, char *text)
{
  g_ptr_array_add (s->strings, text);
  return text;
}

/* Adds a curve of name in every run that has it; the current run's in the
 * legend as label. */
static void
add_curves (SwPlotView *self, Scene *s, const char *x_name, const char *name,
            guint panel, guint color, const char *label)
{
  SwTrajectory *all[64];
  guint n = _sw_plot_view_runs (self, all, G_N_ELEMENTS (all));

  for (guint i = 0; i < n; i++)
    {
      SwTrajectory *tr = all[i];
      int y = sw_trajectory_find_column (tr, name);
      int x = x_name != NULL ? sw_trajectory_find_column (tr, x_name) : -1;
      const char *unused;
      SwPlotCurve c = { 0 };

      if (y < 0 || (x_name != NULL && x < 0) || !_sw_plot_view_has_rows (tr))
        continue;
      c.trajectory = tr;
      c.x_column = x;
      c.y_column = (guint) y;
      c.x_factor = x >= 0 ? _sw_plot_view_display_factor (self->display_units,
                                                          sw_trajectory_get_column_unit (tr, (guint) x), &unused) : 1.0;
      c.y_factor = _sw_plot_view_display_factor (self->display_units, sw_trajectory_get_column_unit (tr, (guint) y), &unused);
      c.panel = panel;
      c.color = color;
      c.hidden = _sw_plot_view_find_column (self, name) >= 0 &&
                 ((Column *) g_ptr_array_index (self->columns, _sw_plot_view_find_column (self, name)))->hidden &&
                 !_sw_plot_view_is_xy (self);
      if (tr == _sw_plot_view_shown (self))
        {
          c.line = SW_PLOT_LINE_SOLID;
          c.label = label;
        }
      else if (tr == self->previous)
        c.line = SW_PLOT_LINE_FAINT;
      else
        {
          c.line = SW_PLOT_LINE_DASHED;
          c.dash = i - 1 - (self->previous != NULL ? 1 : 0);
        }
      g_array_append_val (s->curves, c);
      g_ptr_array_add (s->curve_names, (gpointer) name);
    }
}

static void
add_keys (SwPlotView *self, Scene *s)
{
  SwPlotKey key;

  if ((self->previous == NULL && self->pinned->len == 0) || self->analysis != SW_PLOT_ANALYSIS_TIME)
    return;
  key = (SwPlotKey) { _("this run"), SW_PLOT_LINE_SOLID, 0 };
  g_array_append_val (s->keys, key);
  if (self->previous != NULL)
    {
      key = (SwPlotKey) { _("previous run"), SW_PLOT_LINE_FAINT, 0 };
      g_array_append_val (s->keys, key);
    }
  for (guint i = 0; i < self->pinned->len; i++)
    {
      Pinned *p = g_ptr_array_index (self->pinned, i);

      key = (SwPlotKey) { p->text != NULL ? p->text : _("pinned run"), SW_PLOT_LINE_DASHED, i };
      g_array_append_val (s->keys, key);
    }
}

/* The scene of what is shown; FALSE when there is nothing to draw. */
gboolean
_sw_plot_view_build_scene (SwPlotView *self, Scene *s, gboolean interactive)
{
  SwPlotScene *scene = &s->scene;
  SwTrajectory *tr = _sw_plot_view_shown (self);

  memset (s, 0, sizeof *s);
  s->panels = g_array_new (FALSE, TRUE, sizeof (SwPlotPanel));
  s->curves = g_array_new (FALSE, TRUE, sizeof (SwPlotCurve));
  s->keys = g_array_new (FALSE, TRUE, sizeof (SwPlotKey));
  s->strings = g_ptr_array_new_with_free_func (g_free);
  s->curve_names = g_ptr_array_new ();
  if (!_sw_plot_view_has_rows (tr))
    return FALSE;

  scene->colors = &self->colors;
  scene->title = self->title;
  scene->readouts = interactive;
  scene->draft = interactive && self->draft;
  scene->log_x = self->log_x;
  if (self->analysis != SW_PLOT_ANALYSIS_TIME)
    scene->title = keep (s, _sw_plot_view_dup_analysis_title (self));

  if (_sw_plot_view_is_xy (self) && self->analysis == SW_PLOT_ANALYSIS_TIME)
    {
      int x = sw_trajectory_find_column (tr, self->x_name);
      int y = sw_trajectory_find_column (tr, self->y_name);
      const char *x_unit, *y_unit;
      SwPlotPanel panel = { 0 };

      if (x < 0 || y < 0)
        return FALSE;
      _sw_plot_view_display_factor (self->display_units, sw_trajectory_get_column_unit (tr, (guint) x), &x_unit);
      _sw_plot_view_display_factor (self->display_units, sw_trajectory_get_column_unit (tr, (guint) y), &y_unit);
      scene->x_label = keep (s, axis_label (x_unit, self->x_name));
      panel.label = keep (s, axis_label (y_unit, self->y_name));
      panel.unit = y_unit;
      panel.log = self->log_y;
      panel.fixed = self->xy_y.fixed;
      panel.y_min = self->xy_y.min;
      panel.y_max = self->xy_y.max;
      g_array_append_val (s->panels, panel);
      scene->x_fixed = self->xy_x.fixed;
      scene->x_min = self->xy_x.min;
      scene->x_max = self->xy_x.max;
      add_curves (self, s, self->x_name, self->y_name, 0, 0, self->y_name);
    }
  else
    {
      guint n = self->columns->len;
      g_autofree int *panel_of = g_new0 (int, n + 1);
      guint n_panels = _sw_plot_view_compute_panels (self, panel_of, NULL);

      if (n_panels == 0)
        return FALSE;
      scene->x_label = keep (s, sw_plot_file_dup_x_label (sw_trajectory_get_x_name (tr),
                                                          sw_trajectory_get_x_unit (tr)));
      scene->x_fixed = _sw_plot_view_effective_range (self, &scene->x_min, &scene->x_max) &&
                       scene->x_max > scene->x_min;
      if (scene->log_x && scene->x_fixed && scene->x_min <= 0.0)
        {
          /* From the first bin above 0, or a thousandth of the range. */
          double bin = sw_trajectory_get_n_rows (tr) > 1 ? sw_trajectory_get_times (tr)[1] : 0.0;

          scene->x_min = bin > 0.0 && bin < scene->x_max ? bin : 1e-3 * scene->x_max;
          scene->x_fixed = scene->x_max > 0.0;
        }
      for (guint p = 0; p < n_panels; p++)
        {
          g_autoptr(GString) label = g_string_new (NULL);
          g_autoptr(GPtrArray) units = g_ptr_array_new ();
          const char *variable = NULL;
          gboolean same_variable = TRUE;
          SwPlotPanel panel = { 0 };

          for (guint i = 0; i < n; i++)
            {
              Column *c = g_ptr_array_index (self->columns, i);
              const char *unit;
              gboolean seen = FALSE;

              if (panel_of[i] != (int) p)
                continue;
              _sw_plot_view_display_factor (self->display_units, column_unit (self, c->name), &unit);
              for (guint u = 0; u < units->len; u++)
                seen = seen || strcmp (g_ptr_array_index (units, u), unit) == 0;
              if (!seen)
                g_ptr_array_add (units, (gpointer) unit);
              if (variable == NULL)
                variable = variable_part (c->name);
              else if (strcmp (variable, variable_part (c->name)) != 0)
                same_variable = FALSE;
            }
          for (guint u = 0; u < units->len; u++)
            {
              g_autofree char *part = axis_label (g_ptr_array_index (units, u),
                                                  units->len == 1 && same_variable ? variable : NULL);
              g_string_append_printf (label, "%s%s", u > 0 ? ", " : "", part);
            }
          panel.label = keep (s, g_strdup (label->str));
          panel.unit = units->len == 1 ? g_ptr_array_index (units, 0) : "";
          panel.log = self->log_y;
          if (p < self->y_ranges->len && g_array_index (self->y_ranges, Range, p).fixed)
            {
              panel.fixed = TRUE;
              panel.y_min = g_array_index (self->y_ranges, Range, p).min;
              panel.y_max = g_array_index (self->y_ranges, Range, p).max;
            }
          g_array_append_val (s->panels, panel);

          /* Legends: the component when the panel shows one variable of
           * several components, otherwise the whole name. */
          for (guint i = 0; i < n; i++)
            {
              Column *c = g_ptr_array_index (self->columns, i);
              const char *label_text = c->name;

              if (panel_of[i] != (int) p)
                continue;
              if (same_variable && variable_part (c->name) != c->name)
                label_text = keep (s, g_strndup (c->name, variable_part (c->name) - 1 - c->name));
              add_curves (self, s, NULL, c->name, p, i, label_text);
            }
        }
    }

  add_keys (self, s);
  scene->panels = (const SwPlotPanel *) s->panels->data;
  scene->n_panels = s->panels->len;
  scene->curves = (const SwPlotCurve *) s->curves->data;
  scene->n_curves = s->curves->len;
  scene->keys = (const SwPlotKey *) s->keys->data;
  scene->n_keys = s->keys->len;
  if (self->analysis != SW_PLOT_ANALYSIS_TIME)
    _sw_plot_view_fit_spectrum_panels (self, scene, (SwPlotPanel *) s->panels->data);
  if (interactive)
    {
      scene->cursor = self->cursor_visible;
      scene->cursor_x = self->cursor_t;
      scene->cursor_unit = sw_trajectory_get_x_unit (tr);
      scene->reference = self->reference_visible;
      scene->reference_x = self->reference_x;
      if (self->dragging && self->has_geometry)
        {
          const SwPlotGeometry *g = &self->geometry;
          double x0 = MIN (self->drag_x0, self->drag_x1), x1 = MAX (self->drag_x0, self->drag_x1);
          double y0 = MIN (self->drag_y0, self->drag_y1), y1 = MAX (self->drag_y0, self->drag_y1);

          for (guint p = 0; p < g->n_panels && p < scene->n_panels; p++)
            {
              const SwPlotPanelGeometry *pg = &g->panels[p];
              double tx0, tx1, ty0, ty1;

              if (self->drag_y0 < pg->top || self->drag_y0 > pg->top + pg->height)
                continue;
              x0 = CLAMP (x0, pg->left, pg->left + pg->width);
              x1 = CLAMP (x1, pg->left, pg->left + pg->width);
              y0 = CLAMP (y0, pg->top, pg->top + pg->height);
              y1 = CLAMP (y1, pg->top, pg->top + pg->height);
              tx0 = g->x_min + (x0 - pg->left) / pg->width * (g->x_max - g->x_min);
              tx1 = g->x_min + (x1 - pg->left) / pg->width * (g->x_max - g->x_min);
              ty0 = pg->y_max - (y1 - pg->top) / pg->height * (pg->y_max - pg->y_min);
              ty1 = pg->y_max - (y0 - pg->top) / pg->height * (pg->y_max - pg->y_min);
              scene->selection = TRUE;
              scene->selection_panel = p;
              scene->selection_x0 = g->log_x ? pow (10.0, tx0) : tx0;
              scene->selection_x1 = g->log_x ? pow (10.0, tx1) : tx1;
              scene->selection_y0 = pg->log ? pow (10.0, ty0) : ty0;
              scene->selection_y1 = pg->log ? pow (10.0, ty1) : ty1;
            }
        }
    }
  return scene->n_curves > 0;
}
