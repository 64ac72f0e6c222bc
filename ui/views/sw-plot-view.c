/* sw-plot-view.c: the trajectory plot widget.
 *
 * The widget keeps what to show (the runs, the column names and their
 * panels, units, ranges, the cursor) and builds a scene (sw-plot-draw.h)
 * from it for every snapshot; PLplot draws the scene through the widget's
 * own extcairo stream onto the cairo node of the snapshot. The stream is
 * made on the first drawing (plinit once) and made again when the widget's
 * size changes, since an extcairo stream has a fixed page size; it is ended
 * in dispose. Export draws the same scene into a file (sw-plot-file.h).
 *
 * Panels: each shown column has a panel key, its unit by default ("u:rad/s")
 * or what sw_plot_view_set_panel() gave it; panels are the distinct keys,
 * in the order in which they first appear among the columns, moved-to new
 * panels last.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view.h"
#include "sw-plot-view-private.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-error.h"
#include "sw-plot-draw.h"
#include "sw-plot-widget.h"
#include "sw-plot-file.h"

#define DRAG_THRESHOLD_PX 4.0
#define ZOOM_STEP         1.25   /* keyboard and one step of the wheel */
#define PAN_STEP          0.1    /* of the range */
#define CURSOR_STEP       0.01   /* of the range */
#define MIN_RANGE         1e-9   /* of the whole range, or absolute */

typedef struct {
  char *name;
  char *key;       /* the panel key given by sw_plot_view_set_panel(); NULL: by unit */
} Column;

typedef struct {
  SwTrajectory *trajectory;
  char         *text;
} Pinned;

typedef struct {
  gboolean fixed;
  double   min, max;
} Range;

struct _SwPlotView
{
  GtkWidget      parent_instance;

  SwTrajectory  *trajectory;
  SwTrajectory  *previous;
  GPtrArray     *pinned;       /* of Pinned */
  GPtrArray     *columns;      /* of Column */
  guint          panel_serial; /* for keys of new panels */
  SwPlotUnits    display_units;
  char          *title;
  char          *x_name;       /* X–Y plot, or NULL */
  char          *y_name;

  /* The view: time range when zoomed, y ranges per panel; X–Y ranges. */
  gboolean       zoomed;
  double         t0, t1;
  GArray        *y_ranges;     /* of Range, by panel */
  Range          xy_x, xy_y;
  double         last_range[2];
  gboolean       has_last_range;

  gboolean       cursor_visible;
  gboolean       cursor_kept;  /* clicked: stays when the pointer leaves */
  double         cursor_t;

  /* Pointer */
  double         pointer_x, pointer_y;
  gboolean       dragging;     /* a rectangle */
  gboolean       panning;
  double         drag_x0, drag_y0, drag_x1, drag_y1;
  double         pan_t0, pan_t1;
  Range          pan_xy_y;

  SwPlotColors   colors;
  SwPlotWidgetStream stream;
  SwPlotGeometry geometry;
  gboolean       has_geometry;
};

G_DEFINE_ENUM_TYPE (SwPlotUnits, sw_plot_units,
  G_DEFINE_ENUM_VALUE (SW_PLOT_UNITS_SI, "si"),
  G_DEFINE_ENUM_VALUE (SW_PLOT_UNITS_RPM_DEGREES, "rpm-degrees"))

G_DEFINE_FINAL_TYPE (SwPlotView, sw_plot_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DISPLAY_UNITS,
  PROP_TITLE,
  PROP_CURSOR_TIME,
  PROP_CURSOR_VISIBLE,
  PROP_ZOOMED,
  PROP_X_NAME,
  PROP_Y_NAME,
  N_PROPS
};

enum {
  CURSOR_MOVED,
  RANGE_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* g_set_str() is newer than GLib 2.74. */
static gboolean
set_str (char **target, const char *value)
{
  if (g_strcmp0 (*target, value) == 0)
    return FALSE;
  g_free (*target);
  *target = g_strdup (value);
  return TRUE;
}

static void
column_free (gpointer data)
{
  Column *c = data;

  g_free (c->name);
  g_free (c->key);
  g_free (c);
}

static void
pinned_free (gpointer data)
{
  Pinned *p = data;

  sw_trajectory_unref (p->trajectory);
  g_free (p->text);
  g_free (p);
}

/* ---- Units and labels ---------------------------------------------------- */

/* How a stored unit is shown: the factor and the unit shown. */
static double
display_factor (SwPlotUnits units, const char *unit, const char **shown_unit)
{
  *shown_unit = unit != NULL ? unit : "";
  if (units != SW_PLOT_UNITS_RPM_DEGREES || unit == NULL)
    return 1.0;
  if (strcmp (unit, "rad/s") == 0)
    {
      *shown_unit = "rpm";
      return 60.0 / (2.0 * G_PI);
    }
  if (strcmp (unit, "rad") == 0)
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

/* ---- Runs and ranges ----------------------------------------------------- */

static gboolean
has_rows (const SwTrajectory *trajectory)
{
  return trajectory != NULL && sw_trajectory_get_n_rows (trajectory) > 0;
}

/* The trajectories drawn: the current run first. */
static guint
runs (SwPlotView *self, SwTrajectory **out, guint size)
{
  guint n = 0;

  if (self->trajectory != NULL && n < size)
    out[n++] = self->trajectory;
  if (self->previous != NULL && n < size)
    out[n++] = self->previous;
  for (guint i = 0; i < self->pinned->len && n < size; i++)
    out[n++] = ((Pinned *) g_ptr_array_index (self->pinned, i))->trajectory;
  return n;
}

/* The times of every run; FALSE when there is none. */
static gboolean
full_time_range (SwPlotView *self, double *t0, double *t1)
{
  SwTrajectory *all[64];
  guint n = runs (self, all, G_N_ELEMENTS (all));
  gboolean found = FALSE;

  for (guint i = 0; i < n; i++)
    {
      const double *times;
      guint rows = sw_trajectory_get_n_rows (all[i]);

      if (rows == 0)
        continue;
      times = sw_trajectory_get_times (all[i]);
      if (!isfinite (times[0]) || !isfinite (times[rows - 1]))
        continue;
      *t0 = found ? MIN (*t0, times[0]) : times[0];
      *t1 = found ? MAX (*t1, times[rows - 1]) : times[rows - 1];
      found = TRUE;
    }
  return found;
}

static gboolean
is_xy (SwPlotView *self)
{
  return self->x_name != NULL;
}

/* The x range shown: the time range, or the X–Y plot's x range when fixed.
 * FALSE when there is nothing to say. */
static gboolean
effective_range (SwPlotView *self, double *t0, double *t1)
{
  if (is_xy (self))
    {
      if (!self->xy_x.fixed)
        return FALSE;
      *t0 = self->xy_x.min;
      *t1 = self->xy_x.max;
      return TRUE;
    }
  if (self->zoomed)
    {
      *t0 = self->t0;
      *t1 = self->t1;
      return TRUE;
    }
  return full_time_range (self, t0, t1);
}

/* Emits "range-changed" when the range shown is not what was last said. */
static void
check_range (SwPlotView *self)
{
  double t0, t1;

  if (!effective_range (self, &t0, &t1))
    return;
  if (self->has_last_range && self->last_range[0] == t0 && self->last_range[1] == t1)
    return;
  self->has_last_range = TRUE;
  self->last_range[0] = t0;
  self->last_range[1] = t1;
  g_signal_emit (self, signals[RANGE_CHANGED], 0, t0, t1);
}

static void
clear_y_ranges (SwPlotView *self)
{
  g_array_set_size (self->y_ranges, 0);
}

static void
set_zoomed (SwPlotView *self, gboolean zoomed)
{
  if (self->zoomed == zoomed)
    return;
  self->zoomed = zoomed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOMED]);
}

/* ---- Panels -------------------------------------------------------------- */

static const char *
column_unit (SwPlotView *self, const char *name)
{
  int column;

  if (self->trajectory == NULL || (column = sw_trajectory_find_column (self->trajectory, name)) < 0)
    return NULL;
  return sw_trajectory_get_column_unit (self->trajectory, (guint) column);
}

/* Each column's panel (-1: not shown) and the number of panels. keys (may
 * be NULL) gets the panel keys, owned by the caller. */
static guint
compute_panels (SwPlotView *self, int *panel_of, GPtrArray *keys_out)
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

static int
find_column (SwPlotView *self, const char *name)
{
  for (guint i = 0; i < self->columns->len; i++)
    if (strcmp (((Column *) g_ptr_array_index (self->columns, i))->name, name) == 0)
      return (int) i;
  return -1;
}

/* ---- Colours ------------------------------------------------------------- */

/* The palette of the style (light or dark), the page and text colours of
 * the style's views where it names them. */
static void
update_colors (SwPlotView *self)
{
  sw_plot_widget_update_colors (GTK_WIDGET (self), GTK_WIDGET (self), &self->colors);
}

/* ---- The scene ----------------------------------------------------------- */

typedef struct {
  SwPlotScene scene;
  GArray     *panels;   /* SwPlotPanel */
  GArray     *curves;   /* SwPlotCurve */
  GArray     *keys;     /* SwPlotKey */
  GPtrArray  *strings;
} Scene;

static void
scene_clear (Scene *s)
{
  g_clear_pointer (&s->panels, g_array_unref);
  g_clear_pointer (&s->curves, g_array_unref);
  g_clear_pointer (&s->keys, g_array_unref);
  g_clear_pointer (&s->strings, g_ptr_array_unref);
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
  guint n = runs (self, all, G_N_ELEMENTS (all));

  for (guint i = 0; i < n; i++)
    {
      SwTrajectory *tr = all[i];
      int y = sw_trajectory_find_column (tr, name);
      int x = x_name != NULL ? sw_trajectory_find_column (tr, x_name) : -1;
      const char *unused;
      SwPlotCurve c = { 0 };

      if (y < 0 || (x_name != NULL && x < 0) || !has_rows (tr))
        continue;
      c.trajectory = tr;
      c.x_column = x;
      c.y_column = (guint) y;
      c.x_factor = x >= 0 ? display_factor (self->display_units,
                                            sw_trajectory_get_column_unit (tr, (guint) x), &unused) : 1.0;
      c.y_factor = display_factor (self->display_units, sw_trajectory_get_column_unit (tr, (guint) y), &unused);
      c.panel = panel;
      c.color = color;
      if (tr == self->trajectory)
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
    }
}

static void
add_keys (SwPlotView *self, Scene *s)
{
  SwPlotKey key;

  if (self->previous == NULL && self->pinned->len == 0)
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
static gboolean
build_scene (SwPlotView *self, Scene *s, gboolean interactive)
{
  SwPlotScene *scene = &s->scene;
  SwTrajectory *tr = self->trajectory;

  memset (s, 0, sizeof *s);
  s->panels = g_array_new (FALSE, TRUE, sizeof (SwPlotPanel));
  s->curves = g_array_new (FALSE, TRUE, sizeof (SwPlotCurve));
  s->keys = g_array_new (FALSE, TRUE, sizeof (SwPlotKey));
  s->strings = g_ptr_array_new_with_free_func (g_free);
  if (!has_rows (tr))
    return FALSE;

  scene->colors = &self->colors;
  scene->title = self->title;
  scene->readouts = interactive;

  if (is_xy (self))
    {
      int x = sw_trajectory_find_column (tr, self->x_name);
      int y = sw_trajectory_find_column (tr, self->y_name);
      const char *x_unit, *y_unit;
      SwPlotPanel panel = { 0 };

      if (x < 0 || y < 0)
        return FALSE;
      display_factor (self->display_units, sw_trajectory_get_column_unit (tr, (guint) x), &x_unit);
      display_factor (self->display_units, sw_trajectory_get_column_unit (tr, (guint) y), &y_unit);
      scene->x_label = keep (s, axis_label (x_unit, self->x_name));
      panel.label = keep (s, axis_label (y_unit, self->y_name));
      panel.unit = y_unit;
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
      guint n_panels = compute_panels (self, panel_of, NULL);

      if (n_panels == 0)
        return FALSE;
      scene->x_label = keep (s, sw_plot_file_dup_x_label (sw_trajectory_get_x_name (tr),
                                                          sw_trajectory_get_x_unit (tr)));
      scene->x_fixed = effective_range (self, &scene->x_min, &scene->x_max) &&
                       scene->x_max > scene->x_min;
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
              display_factor (self->display_units, column_unit (self, c->name), &unit);
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
  if (interactive)
    {
      scene->cursor = self->cursor_visible;
      scene->cursor_x = self->cursor_t;
      scene->cursor_unit = sw_trajectory_get_x_unit (tr);
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

/* ---- Drawing ------------------------------------------------------------- */

gboolean
_sw_plot_view_render (SwPlotView *self, cairo_t *cr, int width, int height)
{
  Scene s;
  gboolean ok = FALSE;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  self->geometry.need_width = self->geometry.need_height = 0;
  if (width <= 0 || height <= 0)
    return FALSE;
  if (build_scene (self, &s, TRUE))
    ok = sw_plot_widget_stream_draw (&self->stream, cr, width, height, &s.scene, &self->geometry);
  scene_clear (&s);
  self->has_geometry = ok;
  return ok;
}

static void
sw_plot_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const char *message = NULL;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!_sw_plot_view_render (self, cr, width, height))
    {
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_set_source_rgb (cr, self->colors.background[0] / 255.0, self->colors.background[1] / 255.0,
                            self->colors.background[2] / 255.0);
      cairo_fill (cr);
      if (!has_rows (self->trajectory))
        message = _("No results yet");
      else if (!sw_plot_driver_available ())
        message = _("Cannot plot: the PLplot driver “extcairo” is not installed (package plplot-driver-cairo)");
      else if (self->geometry.need_width > 0)
        message = _("Too small to plot: make the plot larger or show fewer panels");
      else
        message = _("No variables chosen to plot");
    }
  cairo_destroy (cr);

  if (message != NULL)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, message);
      int lw, lh;
      GdkRGBA fg = { self->colors.foreground[0] / 255.0, self->colors.foreground[1] / 255.0,
                     self->colors.foreground[2] / 255.0, 0.6 };

      pango_layout_set_width (layout, MAX (1, width - 24) * PANGO_SCALE);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (12, (height - lh) / 2.0));
      gtk_snapshot_append_layout (snapshot, layout, &fg);
      gtk_snapshot_restore (snapshot);
    }
}

static void
sw_plot_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                      int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 420;
}

static void
sw_plot_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (sw_plot_view_parent_class)->css_changed (widget, change);
  update_colors (SW_PLOT_VIEW (widget));
}

/* ---- Pointer ------------------------------------------------------------- */

/* The panel under a point of the last drawing, -1 for none; x within the
 * panels' width when inside. */
static int
panel_at (SwPlotView *self, double x, double y, gboolean *inside_x)
{
  const SwPlotGeometry *g = &self->geometry;

  *inside_x = FALSE;
  if (!self->has_geometry)
    return -1;
  for (guint p = 0; p < g->n_panels; p++)
    {
      const SwPlotPanelGeometry *pg = &g->panels[p];

      if (y >= pg->top && y <= pg->top + pg->height)
        {
          *inside_x = x >= pg->left && x <= pg->left + pg->width;
          return (int) p;
        }
    }
  return -1;
}

/* The x value (time) at a pixel column of the last drawing. */
static double
x_at (SwPlotView *self, double x)
{
  const SwPlotGeometry *g = &self->geometry;
  const SwPlotPanelGeometry *pg = &g->panels[0];
  double v = g->x_min + (x - pg->left) / pg->width * (g->x_max - g->x_min);

  return g->log_x ? pow (10.0, v) : v;
}

static void
set_cursor_internal (SwPlotView *self, double t, gboolean visible)
{
  gboolean moved = visible && (!self->cursor_visible || self->cursor_t != t);

  g_object_freeze_notify (G_OBJECT (self));
  if (visible && self->cursor_t != t)
    {
      self->cursor_t = t;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_TIME]);
    }
  if (self->cursor_visible != visible)
    {
      self->cursor_visible = visible;
      if (!visible)
        self->cursor_kept = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_VISIBLE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  if (moved)
    g_signal_emit (self, signals[CURSOR_MOVED], 0, self->cursor_t);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, SwPlotView *self)
{
  gboolean inside_x;

  self->pointer_x = x;
  self->pointer_y = y;
  if (self->cursor_kept || self->dragging || self->panning || is_xy (self))
    return;
  if (panel_at (self, x, y, &inside_x) >= 0 && inside_x)
    set_cursor_internal (self, x_at (self, x), TRUE);
}

static void
on_leave (GtkEventControllerMotion *motion, SwPlotView *self)
{
  if (!self->cursor_kept && self->cursor_visible)
    set_cursor_internal (self, self->cursor_t, FALSE);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, SwPlotView *self)
{
  gboolean inside_x;
  double center, t0, t1;

  if (dy == 0.0 || !self->has_geometry)
    return FALSE;
  if (panel_at (self, self->pointer_x, self->pointer_y, &inside_x) >= 0 && inside_x)
    center = x_at (self, self->pointer_x);
  else
    {
      sw_plot_view_get_range (self, &t0, &t1);
      center = 0.5 * (t0 + t1);
    }
  sw_plot_view_zoom (self, pow (ZOOM_STEP, CLAMP (dy, -5.0, 5.0)), center);
  return TRUE;
}

static void
start_pan (SwPlotView *self, double x, double y)
{
  self->panning = TRUE;
  self->drag_x0 = x;
  self->drag_y0 = y;
  sw_plot_view_get_range (self, &self->pan_t0, &self->pan_t1);
  if (is_xy (self) && self->has_geometry)
    {
      const SwPlotPanelGeometry *pg = &self->geometry.panels[0];
      self->pan_xy_y = (Range) { TRUE, pg->y_min, pg->y_max };
    }
}

static void
update_pan (SwPlotView *self, double dx, double dy)
{
  const SwPlotPanelGeometry *pg;
  double shift;

  if (!self->has_geometry)
    return;
  pg = &self->geometry.panels[0];
  shift = -dx / pg->width * (self->pan_t1 - self->pan_t0);
  if (is_xy (self))
    {
      double y_shift = dy / pg->height * (self->pan_xy_y.max - self->pan_xy_y.min);

      self->xy_x = (Range) { TRUE, self->pan_t0 + shift, self->pan_t1 + shift };
      self->xy_y = (Range) { TRUE, self->pan_xy_y.min + y_shift, self->pan_xy_y.max + y_shift };
      check_range (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  sw_plot_view_set_range (self, self->pan_t0 + shift, self->pan_t1 + shift);
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, SwPlotView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (state & GDK_SHIFT_MASK)
    {
      start_pan (self, x, y);
      return;
    }
  self->dragging = FALSE;
  self->drag_x0 = self->drag_x1 = x;
  self->drag_y0 = self->drag_y1 = y;
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  if (self->panning)
    {
      update_pan (self, dx, dy);
      return;
    }
  self->drag_x1 = self->drag_x0 + dx;
  self->drag_y1 = self->drag_y0 + dy;
  if (hypot (dx, dy) >= DRAG_THRESHOLD_PX)
    self->dragging = TRUE;
  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  gboolean inside_x;

  if (self->panning)
    {
      self->panning = FALSE;
      return;
    }
  if (self->dragging)
    {
      self->dragging = FALSE;
      _sw_plot_view_zoom_to_rect (self, self->drag_x0, self->drag_y0,
                                  self->drag_x0 + dx, self->drag_y0 + dy);
      return;
    }
  /* A click: the cursor stays there. */
  if (!is_xy (self) && panel_at (self, self->drag_x0, self->drag_y0, &inside_x) >= 0 && inside_x)
    {
      set_cursor_internal (self, x_at (self, self->drag_x0), TRUE);
      self->cursor_kept = TRUE;
    }
}

static void
on_middle_begin (GtkGestureDrag *gesture, double x, double y, SwPlotView *self)
{
  start_pan (self, x, y);
}

static void
on_middle_update (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  update_pan (self, dx, dy);
}

static void
on_middle_end (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  self->panning = FALSE;
}

static void
on_pressed (GtkGestureClick *click, int n_press, double x, double y, SwPlotView *self)
{
  if (n_press == 2)
    sw_plot_view_reset_range (self);
}

void
_sw_plot_view_zoom_to_rect (SwPlotView *self, double x0, double y0, double x1, double y1)
{
  const SwPlotGeometry *g = &self->geometry;
  const SwPlotPanelGeometry *pg;
  gboolean inside_x;
  int p;
  double tx0, tx1, ty0, ty1;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if ((p = panel_at (self, x0, y0, &inside_x)) < 0)
    return;
  pg = &g->panels[p];
  x0 = CLAMP (x0, pg->left, pg->left + pg->width);
  x1 = CLAMP (x1, pg->left, pg->left + pg->width);
  y0 = CLAMP (y0, pg->top, pg->top + pg->height);
  y1 = CLAMP (y1, pg->top, pg->top + pg->height);
  if (fabs (x1 - x0) < 2.0)
    return;
  tx0 = x_at (self, MIN (x0, x1));
  tx1 = x_at (self, MAX (x0, x1));
  ty0 = pg->y_max - (MAX (y0, y1) - pg->top) / pg->height * (pg->y_max - pg->y_min);
  ty1 = pg->y_max - (MIN (y0, y1) - pg->top) / pg->height * (pg->y_max - pg->y_min);
  if (pg->log)
    {
      ty0 = pow (10.0, ty0);
      ty1 = pow (10.0, ty1);
    }
  if (is_xy (self))
    {
      self->xy_x = (Range) { TRUE, tx0, tx1 };
      if (fabs (y1 - y0) >= 2.0)
        self->xy_y = (Range) { TRUE, ty0, ty1 };
      check_range (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (fabs (y1 - y0) >= 2.0)
    {
      if (self->y_ranges->len <= (guint) p)
        g_array_set_size (self->y_ranges, (guint) p + 1);
      g_array_index (self->y_ranges, Range, p) = (Range) { TRUE, ty0, ty1 };
    }
  sw_plot_view_set_range (self, tx0, tx1);
}

const SwPlotGeometry *
_sw_plot_view_get_geometry (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->has_geometry ? &self->geometry : NULL;
}

const SwPlotColors *
_sw_plot_view_get_colors (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return &self->colors;
}

int
_sw_plot_view_get_stream (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), -1);
  return self->stream.id;
}

/* ---- Actions ------------------------------------------------------------- */

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);
  double t0, t1, center;

  sw_plot_view_get_range (self, &t0, &t1);
  center = self->cursor_visible && self->cursor_t >= t0 && self->cursor_t <= t1 && !is_xy (self)
           ? self->cursor_t : 0.5 * (t0 + t1);
  sw_plot_view_zoom (self, strcmp (action_name, "plot.zoom-in") == 0 ? 1.0 / ZOOM_STEP : ZOOM_STEP, center);
}

static void
pan_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);

  if (strcmp (action_name, "plot.pan-left") == 0)
    sw_plot_view_pan (self, -PAN_STEP);
  else if (strcmp (action_name, "plot.pan-right") == 0)
    sw_plot_view_pan (self, PAN_STEP);
  else if (self->has_geometry)
    {
      /* Up and down move every panel's y range. */
      double sign = strcmp (action_name, "plot.pan-up") == 0 ? 1.0 : -1.0;
      const SwPlotGeometry *g = &self->geometry;

      for (guint p = 0; p < g->n_panels; p++)
        {
          const SwPlotPanelGeometry *pg = &g->panels[p];
          double shift = sign * PAN_STEP * (pg->y_max - pg->y_min);
          Range r = { TRUE, pg->y_min + shift, pg->y_max + shift };

          if (pg->log)
            {
              r.min = pow (10.0, r.min);
              r.max = pow (10.0, r.max);
            }
          if (is_xy (self))
            self->xy_y = r;
          else
            {
              if (self->y_ranges->len <= p)
                g_array_set_size (self->y_ranges, p + 1);
              g_array_index (self->y_ranges, Range, p) = r;
            }
        }
      gtk_widget_queue_draw (widget);
    }
}

static void
reset_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  sw_plot_view_reset_range (SW_PLOT_VIEW (widget));
}

static void
cursor_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);
  double t0, t1, t;

  if (strcmp (action_name, "plot.hide-cursor") == 0)
    {
      sw_plot_view_hide_cursor (self);
      return;
    }
  sw_plot_view_get_range (self, &t0, &t1);
  if (!self->cursor_visible)
    t = 0.5 * (t0 + t1);
  else
    t = self->cursor_t + (strcmp (action_name, "plot.cursor-left") == 0 ? -1.0 : 1.0) * CURSOR_STEP * (t1 - t0);
  sw_plot_view_set_cursor (self, CLAMP (t, t0, t1));
}

/* ---- GObject ------------------------------------------------------------- */

static void
sw_plot_view_dispose (GObject *object)
{
  SwPlotView *self = SW_PLOT_VIEW (object);

  sw_plot_widget_stream_clear (&self->stream);
  g_clear_pointer (&self->trajectory, sw_trajectory_unref);
  g_clear_pointer (&self->previous, sw_trajectory_unref);
  if (self->pinned != NULL)
    g_ptr_array_set_size (self->pinned, 0);
  G_OBJECT_CLASS (sw_plot_view_parent_class)->dispose (object);
}

static void
sw_plot_view_finalize (GObject *object)
{
  SwPlotView *self = SW_PLOT_VIEW (object);

  g_ptr_array_unref (self->pinned);
  g_ptr_array_unref (self->columns);
  g_array_unref (self->y_ranges);
  g_free (self->title);
  g_free (self->x_name);
  g_free (self->y_name);
  G_OBJECT_CLASS (sw_plot_view_parent_class)->finalize (object);
}

static void
sw_plot_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SwPlotView *self = SW_PLOT_VIEW (object);

  switch (prop_id)
    {
    case PROP_DISPLAY_UNITS:
      g_value_set_enum (value, self->display_units);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_CURSOR_TIME:
      g_value_set_double (value, self->cursor_t);
      break;
    case PROP_CURSOR_VISIBLE:
      g_value_set_boolean (value, self->cursor_visible);
      break;
    case PROP_ZOOMED:
      g_value_set_boolean (value, self->zoomed);
      break;
    case PROP_X_NAME:
      g_value_set_string (value, self->x_name);
      break;
    case PROP_Y_NAME:
      g_value_set_string (value, self->y_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_plot_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SwPlotView *self = SW_PLOT_VIEW (object);

  switch (prop_id)
    {
    case PROP_DISPLAY_UNITS:
      sw_plot_view_set_display_units (self, g_value_get_enum (value));
      break;
    case PROP_TITLE:
      sw_plot_view_set_title (self, g_value_get_string (value));
      break;
    case PROP_CURSOR_TIME:
      sw_plot_view_set_cursor (self, g_value_get_double (value));
      break;
    case PROP_CURSOR_VISIBLE:
      if (g_value_get_boolean (value))
        set_cursor_internal (self, self->cursor_t, TRUE);
      else
        sw_plot_view_hide_cursor (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_plot_view_class_init (SwPlotViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_plot_view_dispose;
  object_class->finalize = sw_plot_view_finalize;
  object_class->get_property = sw_plot_view_get_property;
  object_class->set_property = sw_plot_view_set_property;
  widget_class->snapshot = sw_plot_view_snapshot;
  widget_class->measure = sw_plot_view_measure;
  widget_class->css_changed = sw_plot_view_css_changed;

  properties[PROP_DISPLAY_UNITS] =
    g_param_spec_enum ("display-units", NULL, NULL, SW_TYPE_PLOT_UNITS, SW_PLOT_UNITS_SI,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURSOR_TIME] =
    g_param_spec_double ("cursor-time", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURSOR_VISIBLE] =
    g_param_spec_boolean ("cursor-visible", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ZOOMED] =
    g_param_spec_boolean ("zoomed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_X_NAME] =
    g_param_spec_string ("x-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_Y_NAME] =
    g_param_spec_string ("y-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SwPlotView::cursor-moved:
   * @t: the cursor's time
   */
  signals[CURSOR_MOVED] =
    g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_DOUBLE);
  /**
   * SwPlotView::range-changed:
   * @t0: the first time shown
   * @t1: the last
   */
  signals[RANGE_CHANGED] =
    g_signal_new ("range-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  gtk_widget_class_install_action (widget_class, "plot.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "plot.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-left", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-right", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-up", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-down", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.reset", NULL, reset_action);
  gtk_widget_class_install_action (widget_class, "plot.cursor-left", NULL, cursor_action);
  gtk_widget_class_install_action (widget_class, "plot.cursor-right", NULL, cursor_action);
  gtk_widget_class_install_action (widget_class, "plot.hide-cursor", NULL, cursor_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_SHIFT_MASK, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "plot.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "plot.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "plot.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "plot.pan-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "plot.pan-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "plot.pan-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "plot.reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Home, 0, "plot.reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_CONTROL_MASK, "plot.cursor-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_CONTROL_MASK, "plot.cursor-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "plot.hide-cursor", NULL);

  gtk_widget_class_set_css_name (widget_class, "plotview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
sw_plot_view_init (SwPlotView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *motion, *scroll;
  GtkGesture *drag, *middle, *click;

  self->stream = (SwPlotWidgetStream) SW_PLOT_WIDGET_STREAM_INIT;
  self->pinned = g_ptr_array_new_with_free_func (pinned_free);
  self->columns = g_ptr_array_new_with_free_func (column_free);
  self->y_ranges = g_array_new (FALSE, TRUE, sizeof (Range));

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Plot"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("+ and − zoom, the arrows pan, Home resets, Ctrl+arrows move the cursor"),
                                  -1);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, scroll);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  middle = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (middle), GDK_BUTTON_MIDDLE);
  g_signal_connect (middle, "drag-begin", G_CALLBACK (on_middle_begin), self);
  g_signal_connect (middle, "drag-update", G_CALLBACK (on_middle_update), self);
  g_signal_connect (middle, "drag-end", G_CALLBACK (on_middle_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (middle));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  sw_plot_widget_follow_style (GTK_WIDGET (self), G_CALLBACK (update_colors));
  update_colors (self);
}

/* ---- API ----------------------------------------------------------------- */

GtkWidget *
sw_plot_view_new (void)
{
  return g_object_new (SW_TYPE_PLOT_VIEW, NULL);
}

void
sw_plot_view_set_trajectory (SwPlotView *self, SwTrajectory *trajectory)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (self->trajectory == trajectory)
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (trajectory != NULL)
    sw_trajectory_ref (trajectory);
  g_clear_pointer (&self->trajectory, sw_trajectory_unref);
  self->trajectory = trajectory;
  check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SwTrajectory *
sw_plot_view_get_trajectory (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->trajectory;
}

void
sw_plot_view_set_columns (SwPlotView *self, const char * const *names)
{
  g_autoptr(GPtrArray) columns = NULL;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  columns = g_ptr_array_new_with_free_func (column_free);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      int old = find_column (self, names[i]);
      Column *c = g_new0 (Column, 1);
      gboolean duplicate = FALSE;

      for (guint k = 0; k < columns->len; k++)
        duplicate = duplicate || strcmp (((Column *) g_ptr_array_index (columns, k))->name, names[i]) == 0;
      if (duplicate)
        {
          g_free (c);
          continue;
        }
      c->name = g_strdup (names[i]);
      /* A column shown before keeps the panel it was moved to. */
      if (old >= 0)
        c->key = g_strdup (((Column *) g_ptr_array_index (self->columns, old))->key);
      g_ptr_array_add (columns, c);
    }
  g_ptr_array_unref (self->columns);
  self->columns = g_steal_pointer (&columns);
  clear_y_ranges (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

char **
sw_plot_view_dup_columns (SwPlotView *self)
{
  GStrvBuilder *builder;
  char **names;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->columns->len; i++)
    g_strv_builder_add (builder, ((Column *) g_ptr_array_index (self->columns, i))->name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

guint
sw_plot_view_get_n_panels (SwPlotView *self)
{
  g_autofree int *panel_of = NULL;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), 0);

  if (is_xy (self))
    return 1;
  panel_of = g_new0 (int, self->columns->len + 1);
  return compute_panels (self, panel_of, NULL);
}

int
sw_plot_view_get_panel (SwPlotView *self, const char *name)
{
  g_autofree int *panel_of = NULL;
  int i;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), -1);
  g_return_val_if_fail (name != NULL, -1);

  if ((i = find_column (self, name)) < 0)
    return -1;
  panel_of = g_new0 (int, self->columns->len + 1);
  compute_panels (self, panel_of, NULL);
  return panel_of[i];
}

void
sw_plot_view_set_panel (SwPlotView *self, const char *name, guint panel)
{
  g_autofree int *panel_of = NULL;
  g_autoptr(GPtrArray) keys = NULL;
  Column *c;
  guint n_panels;
  int i;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (name != NULL);

  if ((i = find_column (self, name)) < 0)
    {
      g_warning ("%s: “%s” is not shown", G_STRFUNC, name);
      return;
    }
  c = g_ptr_array_index (self->columns, i);
  panel_of = g_new0 (int, self->columns->len + 1);
  keys = g_ptr_array_new_with_free_func (g_free);
  n_panels = compute_panels (self, panel_of, keys);
  if (panel_of[i] == (int) panel)
    return;
  g_free (c->key);
  if (panel < n_panels)
    c->key = g_strdup (g_ptr_array_index (keys, panel));
  else
    c->key = g_strdup_printf ("n:%u", ++self->panel_serial);
  clear_y_ranges (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_plot_view_set_display_units (SwPlotView *self, SwPlotUnits units)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (units == SW_PLOT_UNITS_SI || units == SW_PLOT_UNITS_RPM_DEGREES);

  if (self->display_units == units)
    return;
  self->display_units = units;
  /* Ranges in the old units mean nothing in the new ones. */
  clear_y_ranges (self);
  self->xy_y.fixed = FALSE;
  if (is_xy (self))
    {
      self->xy_x.fixed = FALSE;
      check_range (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_UNITS]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SwPlotUnits
sw_plot_view_get_display_units (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), SW_PLOT_UNITS_SI);
  return self->display_units;
}

void
sw_plot_view_set_title (SwPlotView *self, const char *title)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (set_str (&self->title, title))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

const char *
sw_plot_view_get_title (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->title;
}

void
sw_plot_view_set_xy (SwPlotView *self, const char *x_name, const char *y_name)
{
  gboolean x_changed, y_changed;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (x_name == NULL || y_name != NULL);

  if (x_name == NULL)
    y_name = NULL;
  x_changed = set_str (&self->x_name, x_name);
  y_changed = set_str (&self->y_name, y_name);
  if (!x_changed && !y_changed)
    return;
  self->xy_x.fixed = self->xy_y.fixed = FALSE;
  self->has_last_range = FALSE;
  if (x_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_X_NAME]);
  if (y_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_Y_NAME]);
  check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
sw_plot_view_get_x_name (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->x_name;
}

const char *
sw_plot_view_get_y_name (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->y_name;
}

void
sw_plot_view_set_previous (SwPlotView *self, SwTrajectory *trajectory)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (self->previous == trajectory)
    return;
  if (trajectory != NULL)
    sw_trajectory_ref (trajectory);
  g_clear_pointer (&self->previous, sw_trajectory_unref);
  self->previous = trajectory;
  check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_plot_view_pin (SwPlotView *self, SwTrajectory *trajectory, const char *text)
{
  Pinned *p;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (trajectory != NULL);

  for (guint i = 0; i < self->pinned->len; i++)
    {
      p = g_ptr_array_index (self->pinned, i);
      if (p->trajectory == trajectory)
        {
          set_str (&p->text, text);
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
    }
  p = g_new0 (Pinned, 1);
  p->trajectory = sw_trajectory_ref (trajectory);
  p->text = g_strdup (text);
  g_ptr_array_add (self->pinned, p);
  check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_plot_view_unpin (SwPlotView *self, SwTrajectory *trajectory)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (trajectory != NULL);

  for (guint i = 0; i < self->pinned->len; i++)
    if (((Pinned *) g_ptr_array_index (self->pinned, i))->trajectory == trajectory)
      {
        g_ptr_array_remove_index (self->pinned, i);
        check_range (self);
        gtk_widget_queue_draw (GTK_WIDGET (self));
        return;
      }
}

guint
sw_plot_view_get_n_pinned (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), 0);
  return self->pinned->len;
}

void
sw_plot_view_get_range (SwPlotView *self, double *t0, double *t1)
{
  double a = 0.0, b = 0.0;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (!effective_range (self, &a, &b) && self->has_geometry)
    {
      /* An X–Y plot fitted to its data: what was drawn. */
      a = self->geometry.log_x ? pow (10.0, self->geometry.x_min) : self->geometry.x_min;
      b = self->geometry.log_x ? pow (10.0, self->geometry.x_max) : self->geometry.x_max;
    }
  if (t0 != NULL)
    *t0 = a;
  if (t1 != NULL)
    *t1 = b;
}

void
sw_plot_view_set_range (SwPlotView *self, double t0, double t1)
{
  double full0, full1, smallest;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (isfinite (t0) && isfinite (t1));

  if (t1 < t0)
    {
      double swap = t0;
      t0 = t1;
      t1 = swap;
    }
  smallest = MIN_RANGE * MAX (1.0, MAX (fabs (t0), fabs (t1)));
  if (full_time_range (self, &full0, &full1) && full1 > full0)
    smallest = MAX (smallest, MIN_RANGE * (full1 - full0));
  if (t1 - t0 < smallest)
    {
      double mid = 0.5 * (t0 + t1);
      t0 = mid - 0.5 * smallest;
      t1 = mid + 0.5 * smallest;
    }
  if (is_xy (self))
    self->xy_x = (Range) { TRUE, t0, t1 };
  else
    {
      self->t0 = t0;
      self->t1 = t1;
      set_zoomed (self, TRUE);
    }
  check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_plot_view_zoom (SwPlotView *self, double factor, double center)
{
  double t0, t1;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (factor > 0.0 && isfinite (factor));

  sw_plot_view_get_range (self, &t0, &t1);
  if (t1 <= t0)
    return;
  if (!isfinite (center))
    center = 0.5 * (t0 + t1);
  if (is_xy (self) && self->has_geometry && !self->xy_y.fixed)
    {
      const SwPlotPanelGeometry *pg = &self->geometry.panels[0];
      if (!pg->log)
        {
          double mid = 0.5 * (pg->y_min + pg->y_max), half = 0.5 * (pg->y_max - pg->y_min) * factor;
          self->xy_y = (Range) { TRUE, mid - half, mid + half };
        }
    }
  else if (is_xy (self) && self->xy_y.fixed)
    {
      double mid = 0.5 * (self->xy_y.min + self->xy_y.max), half = 0.5 * (self->xy_y.max - self->xy_y.min) * factor;
      self->xy_y = (Range) { TRUE, mid - half, mid + half };
    }
  sw_plot_view_set_range (self, center + (t0 - center) * factor, center + (t1 - center) * factor);
}

void
sw_plot_view_pan (SwPlotView *self, double fraction)
{
  double t0, t1;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (isfinite (fraction));

  sw_plot_view_get_range (self, &t0, &t1);
  if (t1 <= t0)
    return;
  sw_plot_view_set_range (self, t0 + fraction * (t1 - t0), t1 + fraction * (t1 - t0));
}

void
sw_plot_view_reset_range (SwPlotView *self)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (is_xy (self))
    self->xy_x.fixed = self->xy_y.fixed = FALSE;
  else
    {
      clear_y_ranges (self);
      set_zoomed (self, FALSE);
    }
  check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_plot_view_get_zoomed (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  return self->zoomed;
}

void
sw_plot_view_set_cursor (SwPlotView *self, double t)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (isfinite (t));

  set_cursor_internal (self, t, TRUE);
  self->cursor_kept = TRUE;
}

void
sw_plot_view_hide_cursor (SwPlotView *self)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (self->cursor_visible)
    set_cursor_internal (self, self->cursor_t, FALSE);
}

gboolean
sw_plot_view_get_cursor (SwPlotView *self, double *t)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);

  if (t != NULL)
    *t = self->cursor_t;
  return self->cursor_visible;
}

gboolean
sw_plot_view_get_cursor_value (SwPlotView *self, const char *name, double *value)
{
  const char *unused;
  int column;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!self->cursor_visible || !has_rows (self->trajectory) ||
      (find_column (self, name) < 0 && g_strcmp0 (name, self->y_name) != 0) ||
      (column = sw_trajectory_find_column (self->trajectory, name)) < 0)
    return FALSE;
  if (value != NULL)
    *value = sw_trajectory_interpolate (self->trajectory, (guint) column, self->cursor_t) *
             display_factor (self->display_units,
                             sw_trajectory_get_column_unit (self->trajectory, (guint) column), &unused);
  return TRUE;
}

gboolean
sw_plot_view_export (SwPlotView *self, const char *path, int width, int height, GError **error)
{
  Scene s;
  gboolean ok;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!build_scene (self, &s, FALSE))
    {
      scene_clear (&s);
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: there is nothing to plot; run a simulation and choose variables first"),
                   path);
      return FALSE;
    }
  ok = sw_plot_file_write_scene (&s.scene, path, width, height, error);
  scene_clear (&s);
  return ok;
}
