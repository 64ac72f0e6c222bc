/* sw-study-view-plot.c: the study's plot: an output (or every natural
 * frequency, mode(K).frequency_hz) against a varied parameter, from the
 * runs done without an error. A grid gives lines, one per combination of
 * the other parameters' values (labelled by them: a carpet of curves, one
 * per value of a second parameter), sorted along x; a sample gives points
 * (circles), on axes fitted to them. A grid of two parameters may instead
 * be a colour map (sw-map-draw.h): the x axis's parameter against the other,
 * a cell per run coloured by the output, with a colour bar; a parameter
 * whose values step evenly in their logarithm on a logarithmic axis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-study-view-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>
#include <plplot.h>

#include "sw-error.h"
#include "sw-map-draw.h"
#include "sw-number.h"
#include "sw-plot-file.h"

#define MAX_LABELLED_GROUPS 12

typedef struct {
  SwPlotScene scene;
  SwPlotPanel panel;
  GArray     *curves;
  GArray     *marks;
  GPtrArray  *strings;
  GPtrArray  *trajectories;
} Scene;

static void
scene_clear (Scene *s)
{
  g_clear_pointer (&s->curves, g_array_unref);
  g_clear_pointer (&s->marks, g_array_unref);
  g_clear_pointer (&s->strings, g_ptr_array_unref);
  g_clear_pointer (&s->trajectories, g_ptr_array_unref);
}

/* The outputs on the y axis: y itself, or every mode(K).frequency_hz. */
static GArray *
y_outputs (SwStudyData *d, guint y)
{
  GArray *ys = g_array_new (FALSE, FALSE, sizeof (guint));

  if (y < d->n_outputs)
    g_array_append_val (ys, y);
  else
    for (guint i = 0; i < d->n_outputs; i++)
      {
        const char *name = sw_study_outputs_get_name (d->outputs, i);

        if (g_str_has_prefix (name, "mode(") && g_str_has_suffix (name, ").frequency_hz"))
          g_array_append_val (ys, i);
      }
  return ys;
}

typedef struct {
  double x;
  guint64 run;
} Point;

static int
compare_points (gconstpointer a, gconstpointer b)
{
  const Point *p = a, *q = b;

  return p->x < q->x ? -1 : p->x > q->x ? 1 : (p->run > q->run) - (p->run < q->run);
}

static gboolean
build_scene (SwStudyView *self, Scene *s, const SwPlotColors *colors)
{
  SwStudyData *d = self->study;
  guint xp = gtk_drop_down_get_selected (self->x_drop), y = gtk_drop_down_get_selected (self->y_drop);
  gboolean grid;
  g_autoptr (GArray) ys = NULL;
  g_autoptr (GHashTable) groups = NULL;   /* the other parameters' values as text → GArray of Point */
  g_autoptr (GPtrArray) keys = NULL;
  double y_min = INFINITY, y_max = -INFINITY, x_min = INFINITY, x_max = -INFINITY;
  guint64 n_done;

  memset (s, 0, sizeof *s);
  if (d == NULL || xp >= d->n_params || y == GTK_INVALID_LIST_POSITION)
    return FALSE;
  ys = y_outputs (d, y);
  if (ys->len == 0)
    return FALSE;
  grid = gtk_drop_down_get_selected (self->sample_drop) == SW_STUDY_SAMPLE_GRID;
  s->curves = g_array_new (FALSE, TRUE, sizeof (SwPlotCurve));
  s->marks = g_array_new (FALSE, TRUE, sizeof (SwPlotMark));
  s->strings = g_ptr_array_new_with_free_func (g_free);
  s->trajectories = g_ptr_array_new_with_free_func ((GDestroyNotify) sw_trajectory_unref);
  groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  keys = g_ptr_array_new ();

  g_mutex_lock (&d->lock);
  n_done = d->n_done;
  for (guint64 run = 0; run < n_done; run++)
    {
      g_autoptr (GString) key = g_string_new (NULL);
      Point p = { sw_study_design_get_value (d->design, run, xp), run };
      GArray *points;

      if (g_ptr_array_index (d->errors, run) != NULL)
        continue;
      for (guint k = 0; grid && k < d->n_params; k++)
        if (k != xp)
          {
            char buf[SW_NUMBER_BUF_SIZE];

            g_string_append_printf (key, "%s%s = %s", key->len > 0 ? ", " : "", sw_study_design_get_name (d->design, k),
                                    sw_format_number (buf, sw_study_design_get_value (d->design, run, k)));
          }
      points = g_hash_table_lookup (groups, key->str);
      if (points == NULL)
        {
          char *owned = g_strdup (key->str);

          points = g_array_new (FALSE, FALSE, sizeof (Point));
          g_hash_table_insert (groups, owned, points);
          g_ptr_array_add (keys, owned);
        }
      g_array_append_val (points, p);
      x_min = MIN (x_min, p.x);
      x_max = MAX (x_max, p.x);
      for (guint j = 0; j < ys->len; j++)
        {
          double v = g_array_index (d->values, double, run * d->n_outputs + g_array_index (ys, guint, j));

          if (isfinite (v))
            y_min = MIN (y_min, v), y_max = MAX (y_max, v);
        }
    }

  for (guint g = 0; g < keys->len; g++)
    {
      GArray *points = g_hash_table_lookup (groups, g_ptr_array_index (keys, g));
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      g_autofree double *row = g_new0 (double, ys->len);
      SwTrajectory *tr;

      if (!grid)
        {
          for (guint i = 0; i < points->len; i++)
            for (guint j = 0; j < ys->len; j++)
              {
                const Point *p = &g_array_index (points, Point, i);
                SwPlotMark m = { .kind = SW_PLOT_MARK_POINT, .x = p->x,
                                 .y = g_array_index (d->values, double, p->run * d->n_outputs + g_array_index (ys, guint, j)) };

                if (isfinite (m.y))
                  g_array_append_val (s->marks, m);
              }
          continue;
        }
      g_array_sort (points, compare_points);
      for (guint j = 0; j < ys->len; j++)
        g_ptr_array_add (names, (gpointer) sw_study_outputs_get_name (d->outputs, g_array_index (ys, guint, j)));
      g_ptr_array_add (names, NULL);
      {
        /* The trajectory takes both. */
        GStrv units = g_new0 (char *, ys->len + 1);

        for (guint j = 0; j < ys->len; j++)
          units[j] = g_strdup ("");
        tr = sw_trajectory_new (g_strdupv ((GStrv) names->pdata), units);
      }
      for (guint i = 0; i < points->len; i++)
        {
          const Point *p = &g_array_index (points, Point, i);

          for (guint j = 0; j < ys->len; j++)
            row[j] = g_array_index (d->values, double, p->run * d->n_outputs + g_array_index (ys, guint, j));
          sw_trajectory_append_row (tr, p->x, row);
        }
      g_ptr_array_add (s->trajectories, tr);
      for (guint j = 0; j < ys->len; j++)
        {
          const char *key = g_ptr_array_index (keys, g);
          SwPlotCurve c = { .trajectory = tr, .x_column = -1, .y_column = j, .x_factor = 1, .y_factor = 1,
                            .color = ys->len > 1 ? j : g, .line = SW_PLOT_LINE_SOLID };
          char *label = NULL;

          /* Several outputs: their names once; several groups: theirs. */
          if (ys->len > 1 && g == 0)
            label = g_strdup (names->pdata[j]);
          else if (ys->len == 1 && g < MAX_LABELLED_GROUPS)
            label = g_strdup (*key != '\0' ? key : (const char *) names->pdata[j]);
          if (label != NULL)
            g_ptr_array_add (s->strings, label);
          c.label = label;
          g_array_append_val (s->curves, c);
        }
    }
  g_mutex_unlock (&d->lock);
  if (!(x_max >= x_min) || !(y_max >= y_min))
    {
      scene_clear (s);
      return FALSE;
    }
  if (x_max == x_min)
    x_min -= 0.5 * fabs (x_min) + 0.5, x_max += 0.5 * fabs (x_max) + 0.5;
  {
    double pad = y_max > y_min ? 0.05 * (y_max - y_min) : 0.05 * fabs (y_max) + 0.05;

    s->panel = (SwPlotPanel) {
      .label = y < d->n_outputs ? sw_study_outputs_get_name (d->outputs, y) : _("natural frequency [Hz]"),
      .fixed = !grid, .y_min = y_min - pad, .y_max = y_max + pad,
    };
  }
  s->scene = (SwPlotScene) {
    .colors = colors,
    .x_label = sw_study_design_get_name (d->design, xp),
    .x_fixed = TRUE,
    .x_min = x_min,
    .x_max = x_max,
    .panels = &s->panel,
    .n_panels = 1,
    .curves = (const SwPlotCurve *) s->curves->data,
    .n_curves = s->curves->len,
    .marks = (const SwPlotMark *) s->marks->data,
    .n_marks = s->marks->len,
  };
  return TRUE;
}

/* ---- The colour map ------------------------------------------------------------- */

gboolean
_sw_study_view_can_map (SwStudyView *self)
{
  SwStudyData *d = self->study;

  return d != NULL && d->n_params == 2 && gtk_drop_down_get_selected (self->sample_drop) == SW_STUDY_SAMPLE_GRID
         && gtk_drop_down_get_selected (self->x_drop) < 2 && gtk_drop_down_get_selected (self->y_drop) < d->n_outputs;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The distinct values of param over the study's runs, increasing. */
static double *
distinct_values (SwStudyData *d, guint param, guint *n)
{
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  guint kept = 0;

  for (guint64 run = 0; run < d->n_runs; run++)
    {
      double v = sw_study_design_get_value (d->design, run, param);

      g_array_append_val (values, v);
    }
  g_array_sort (values, compare_doubles);
  for (guint i = 0; i < values->len; i++)
    if (kept == 0 || g_array_index (values, double, i) != g_array_index (values, double, kept - 1))
      g_array_index (values, double, kept++) = g_array_index (values, double, i);
  *n = kept;
  g_array_set_size (values, kept);
  return (double *) (gpointer) g_array_free (g_steal_pointer (&values), FALSE);
}

static guint
value_index (const double *values, guint n, double v)
{
  const double *found = bsearch (&v, values, n, sizeof *values, compare_doubles);

  g_assert (found != NULL);
  return (guint) (found - values);
}

gboolean
_sw_study_view_build_map (SwStudyView *self, SwStudyMap *map)
{
  SwStudyData *d = self->study;

  memset (map, 0, sizeof *map);
  if (!_sw_study_view_can_map (self))
    return FALSE;
  map->x_param = gtk_drop_down_get_selected (self->x_drop);
  map->y_param = 1 - map->x_param;
  map->output = gtk_drop_down_get_selected (self->y_drop);
  /* The design is immutable: no lock for its values. */
  map->x = distinct_values (d, map->x_param, &map->nx);
  map->y = distinct_values (d, map->y_param, &map->ny);
  map->z = g_new (double, (gsize) map->nx * map->ny);
  for (gsize k = 0; k < (gsize) map->nx * map->ny; k++)
    map->z[k] = NAN;
  g_mutex_lock (&d->lock);
  for (guint64 run = 0; run < d->n_done; run++)
    if (g_ptr_array_index (d->errors, run) == NULL)
      {
        guint i = value_index (map->x, map->nx, sw_study_design_get_value (d->design, run, map->x_param));
        guint j = value_index (map->y, map->ny, sw_study_design_get_value (d->design, run, map->y_param));

        map->z[(gsize) i * map->ny + j] = g_array_index (d->values, double, run * d->n_outputs + map->output);
      }
  g_mutex_unlock (&d->lock);
  return TRUE;
}

void
_sw_study_map_clear (SwStudyMap *map)
{
  g_clear_pointer (&map->x, g_free);
  g_clear_pointer (&map->y, g_free);
  g_clear_pointer (&map->z, g_free);
}

/* Whether the plot is the colour map. */
static gboolean
showing_map (SwStudyView *self)
{
  return gtk_drop_down_get_selected (self->style_drop) == 1 && _sw_study_view_can_map (self);
}

/* Draws the map through PLplot's current stream. */
static gboolean
draw_map (SwStudyView *self, cairo_t *cr, int width, int height, const SwPlotColors *colors)
{
  SwStudyMap map;
  SwMapChart chart;
  gboolean ok;

  if (!_sw_study_view_build_map (self, &map))
    return FALSE;
  chart = (SwMapChart) {
    .colors = colors,
    .title = sw_study_outputs_get_name (self->study->outputs, map.output),
    .x_label = sw_study_design_get_name (self->study->design, map.x_param),
    .y_label = sw_study_design_get_name (self->study->design, map.y_param),
    .nx = map.nx, .ny = map.ny, .x = map.x, .y = map.y, .z = map.z,
    .log_x = sw_map_values_are_log (map.x, map.nx),
    .log_y = sw_map_values_are_log (map.y, map.ny),
  };
  ok = sw_map_chart_draw (cr, width, height, &chart);
  _sw_study_map_clear (&map);
  return ok;
}

/* The same into a file (sw_plot_file_write_drawn). */
static gboolean
draw_map_file (cairo_t *cr, int width, int height, gpointer data, const char *path, GError **error)
{
  if (draw_map (SW_STUDY_VIEW (data), cr, width, height, sw_plot_colors_light ()))
    return TRUE;
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("Cannot plot to “%s”: the colour map needs a larger page"), path);
  return FALSE;
}

guint
_sw_study_view_count_curves (SwStudyView *self)
{
  Scene s;
  guint n;

  if (!build_scene (self, &s, sw_plot_colors_light ()))
    return 0;
  n = s.curves->len + s.marks->len;
  scene_clear (&s);
  return n;
}

gboolean
_sw_study_view_render (SwStudyView *self, cairo_t *cr, int width, int height)
{
  Scene s;
  gboolean ok;

  cairo_save (cr);
  cairo_set_source_rgb (cr, self->colors.background[0] / 255.0, self->colors.background[1] / 255.0,
                        self->colors.background[2] / 255.0);
  cairo_paint (cr);
  cairo_restore (cr);
  if (width > 0 && height > 0 && showing_map (self))
    {
      int stream = sw_plot_widget_stream_get (&self->stream, width, height);
      PLINT previous = 0;

      if (stream < 0)
        return FALSE;
      plgstrm (&previous);
      plsstrm (stream);
      ok = draw_map (self, cr, width, height, &self->colors);
      plsstrm (previous);
      return ok;
    }
  if (width <= 0 || height <= 0 || !build_scene (self, &s, &self->colors))
    return FALSE;
  ok = sw_plot_widget_stream_draw (&self->stream, cr, width, height, &s.scene, NULL);
  scene_clear (&s);
  return ok;
}

void
_sw_study_view_draw_area (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  _sw_study_view_render (SW_STUDY_VIEW (data), cr, width, height);
}

gboolean
sw_study_view_export (SwStudyView *self, const char *path, int width_px, int height_px, GError **error)
{
  Scene s;
  gboolean ok;

  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (showing_map (self))
    return sw_plot_file_write_drawn (draw_map_file, self, path, width_px, height_px, error);
  if (!build_scene (self, &s, sw_plot_colors_light ()))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: the study has no results yet"), path);
      return FALSE;
    }
  ok = sw_plot_file_write_scene (&s.scene, path, width_px, height_px, error);
  scene_clear (&s);
  return ok;
}
