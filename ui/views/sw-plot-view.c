/* sw-plot-view.c: the trajectory plot widget.
 *
 * The widget keeps what to show (the runs, the column names and their
 * panels, units, ranges, the cursor) and builds a scene (sw-plot-draw.h)
 * from it for every snapshot; PLplot draws the scene through the widget's
 * own extcairo stream into an image of its own, kept and painted as one
 * picture (sw-plot-view-page.c). The stream is
 * made on the first drawing (plinit once) and made again when the widget's
 * size changes, since an extcairo stream has a fixed page size; it is ended
 * in dispose. Export draws the same scene into a file (sw-plot-file.h).
 *
 * Panels: each shown column has a panel key, its unit by default ("u:rad/s")
 * or what sw_plot_view_set_panel() gave it; panels are the distinct keys,
 * in the order in which they first appear among the columns, moved-to new
 * panels last.
 *
 * The scene is built in sw-plot-view-scene.c, the pointer, keys and the
 * range and cursor API are in sw-plot-view-input.c (sw-plot-view-private.h).
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

G_DEFINE_ENUM_TYPE (SwPlotUnits, sw_plot_units,
  G_DEFINE_ENUM_VALUE (SW_PLOT_UNITS_SI, "si"),
  G_DEFINE_ENUM_VALUE (SW_PLOT_UNITS_RPM_DEGREES, "rpm-degrees"),
  G_DEFINE_ENUM_VALUE (SW_PLOT_UNITS_RPM, "rpm"),
  G_DEFINE_ENUM_VALUE (SW_PLOT_UNITS_DEGREES, "degrees"))

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
  PROP_STALE,
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

/* ---- Runs and ranges ----------------------------------------------------- */

gboolean
_sw_plot_view_has_rows (const SwTrajectory *trajectory)
{
  return trajectory != NULL && sw_trajectory_get_n_rows (trajectory) > 0;
}

/* The trajectories drawn: the current run first. */
guint
_sw_plot_view_runs (SwPlotView *self, SwTrajectory **out, guint size)
{
  guint n = 0;

  if (self->analysis != SW_PLOT_ANALYSIS_TIME)
    {
      /* Only the current run's spectrum. */
      SwTrajectory *spectrum = _sw_plot_view_shown (self);

      if (spectrum != NULL && n < size)
        out[n++] = spectrum;
      return n;
    }
  if (self->trajectory != NULL && n < size)
    out[n++] = self->trajectory;
  if (self->previous != NULL && n < size)
    out[n++] = self->previous;
  for (guint i = 0; i < self->pinned->len && n < size; i++)
    out[n++] = ((Pinned *) g_ptr_array_index (self->pinned, i))->trajectory;
  return n;
}

/* The times of every run; FALSE when there is none. */
gboolean
_sw_plot_view_full_time_range (SwPlotView *self, double *t0, double *t1)
{
  SwTrajectory *all[64];
  guint n;
  gboolean found = FALSE;

  if (self->analysis != SW_PLOT_ANALYSIS_TIME)
    return _sw_plot_view_spectrum_extent (self, t0, t1);
  n = _sw_plot_view_runs (self, all, G_N_ELEMENTS (all));
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

gboolean
_sw_plot_view_is_xy (SwPlotView *self)
{
  /* A spectrum is of the checked columns, never X–Y. */
  return self->x_name != NULL && self->analysis == SW_PLOT_ANALYSIS_TIME;
}

/* The x range shown: the time range, or the X–Y plot's x range when fixed.
 * FALSE when there is nothing to say. */
gboolean
_sw_plot_view_effective_range (SwPlotView *self, double *t0, double *t1)
{
  if (_sw_plot_view_is_xy (self))
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
  return _sw_plot_view_full_time_range (self, t0, t1);
}

/* Emits "range-changed" when the range shown is not what was last said. */
void
_sw_plot_view_check_range (SwPlotView *self)
{
  double t0, t1;

  if (!_sw_plot_view_effective_range (self, &t0, &t1))
    return;
  if (self->has_last_range && self->last_range[0] == t0 && self->last_range[1] == t1)
    return;
  self->has_last_range = TRUE;
  self->last_range[0] = t0;
  self->last_range[1] = t1;
  g_signal_emit (self, signals[RANGE_CHANGED], 0, t0, t1);
}

void
_sw_plot_view_clear_y_ranges (SwPlotView *self)
{
  g_array_set_size (self->y_ranges, 0);
}

void
_sw_plot_view_set_zoomed (SwPlotView *self, gboolean zoomed)
{
  if (self->zoomed == zoomed)
    return;
  self->zoomed = zoomed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOMED]);
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
  if (_sw_plot_view_build_scene (self, &s, TRUE))
    ok = sw_plot_widget_stream_draw (&self->stream, cr, width, height, &s.scene, &self->geometry);
  _sw_plot_view_scene_clear (&s);
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
  int table_height;
  cairo_surface_t *page;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  /* The table of the analyser's figures under the plot. */
  table_height = _sw_plot_view_overlay_height (self, height);
  /* The page as one picture, drawn again only when it changed
   * (sw-plot-view-page.c). */
  page = _sw_plot_view_dup_page (self, width, height - table_height, gtk_widget_get_scale_factor (widget));
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (table_height > 0)
    {
      cairo_rectangle (cr, 0, height - table_height, width, table_height);
      cairo_set_source_rgb (cr, self->colors.background[0] / 255.0, self->colors.background[1] / 255.0,
                            self->colors.background[2] / 255.0);
      cairo_fill (cr);
    }
  if (page != NULL)
    {
      cairo_set_source_surface (cr, page, 0, 0);
      cairo_rectangle (cr, 0, 0, width, height - table_height);
      cairo_fill (cr);
      cairo_surface_destroy (page);
    }
  else
    {
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_set_source_rgb (cr, self->colors.background[0] / 255.0, self->colors.background[1] / 255.0,
                            self->colors.background[2] / 255.0);
      cairo_fill (cr);
      if (!_sw_plot_view_has_rows (self->trajectory))
        message = _("No results yet");
      else if (_sw_plot_view_spectrum_pending (self))
        message = _("Computing the spectrum…");
      else if (self->analysis != SW_PLOT_ANALYSIS_TIME && self->analysis_error != NULL)
        message = self->analysis_error;
      else if (!sw_plot_driver_available ())
        message = _("Cannot plot: the PLplot driver “extcairo” is not installed (package plplot-driver-cairo)");
      else if (self->geometry.need_width > 0)
        message = _("Too small to plot: make the plot larger or show fewer panels");
      else
        /* Translators: the variables list is beside the plot (or behind its button in a narrow window). */
        message = _("No variables chosen to plot: tick one in the list of variables");
    }
  cairo_destroy (cr);

  if (message == NULL)
    _sw_plot_view_snapshot_overlay (self, snapshot, height - table_height, width, table_height);
  if (message == NULL && self->stale)
    _sw_plot_view_snapshot_stale (self, snapshot, width, height - table_height);
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

/* ---- Cursor -------------------------------------------------------------- */

void
_sw_plot_view_set_cursor_internal (SwPlotView *self, double t, gboolean visible)
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
  /* A cursor on a spectrum is not a time. */
  if (moved && self->analysis == SW_PLOT_ANALYSIS_TIME)
    g_signal_emit (self, signals[CURSOR_MOVED], 0, self->cursor_t);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

/* ---- GObject ------------------------------------------------------------- */

static void
sw_plot_view_dispose (GObject *object)
{
  SwPlotView *self = SW_PLOT_VIEW (object);

  sw_plot_widget_stream_clear (&self->stream);
  g_clear_handle_id (&self->ahead_source, g_source_remove);
  g_clear_handle_id (&self->draft_source, g_source_remove);
  _sw_plot_view_page_clear (self);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  _sw_plot_view_invalidate_analysis (self);
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
  _sw_plot_view_finalize_analysis (self);
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
    case PROP_STALE:
      g_value_set_boolean (value, self->stale);
      break;
    default:
      if (!_sw_plot_view_analysis_get_property (self, prop_id, value))
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
        _sw_plot_view_set_cursor_internal (self, self->cursor_t, TRUE);
      else
        sw_plot_view_hide_cursor (self);
      break;
    case PROP_STALE:
      sw_plot_view_set_stale (self, g_value_get_boolean (value));
      break;
    default:
      if (!_sw_plot_view_analysis_set_property (self, prop_id, value))
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
  properties[PROP_STALE] =
    g_param_spec_boolean ("stale", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  _sw_plot_view_install_analysis_properties (object_class, N_PROPS);

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

  _sw_plot_view_class_init_input (widget_class);
  _sw_plot_view_class_init_menu (widget_class);

  gtk_widget_class_set_css_name (widget_class, "plotview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
sw_plot_view_init (SwPlotView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->stream = (SwPlotWidgetStream) SW_PLOT_WIDGET_STREAM_INIT;
  self->pinned = g_ptr_array_new_with_free_func (pinned_free);
  self->columns = g_ptr_array_new_with_free_func (column_free);
  self->y_ranges = g_array_new (FALSE, TRUE, sizeof (Range));
  self->window = SW_SPECTRUM_WINDOW_FLAT_TOP;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Plot"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("+ and − zoom, the arrows pan, Home resets, Ctrl+arrows move the cursor"),
                                  -1);

  _sw_plot_view_init_input (self);
  _sw_plot_view_init_menu (self);

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
      /* Grown: its spectrum again. */
      _sw_plot_view_invalidate_analysis (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (trajectory != NULL)
    sw_trajectory_ref (trajectory);
  g_clear_pointer (&self->trajectory, sw_trajectory_unref);
  self->trajectory = trajectory;
  /* New results, or none: nothing old to warn of. */
  sw_plot_view_set_stale (self, FALSE);
  _sw_plot_view_invalidate_analysis (self);
  _sw_plot_view_check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* A new run: drawn before the frame that shows it. */
  _sw_plot_view_draw_ahead (self);
}

SwTrajectory *
sw_plot_view_get_trajectory (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->trajectory;
}

void
sw_plot_view_set_stale (SwPlotView *self, gboolean stale)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  stale = !!stale;
  if (self->stale == stale)
    return;
  self->stale = stale;
  /* Only a veil over the page: the page itself stays as drawn. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STALE]);
}

gboolean
sw_plot_view_get_stale (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  return self->stale;
}

void
sw_plot_view_set_columns (SwPlotView *self, const char * const *names)
{
  g_autoptr(GPtrArray) columns = NULL;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  columns = g_ptr_array_new_with_free_func (column_free);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      int old = _sw_plot_view_find_column (self, names[i]);
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
        {
          c->key = g_strdup (((Column *) g_ptr_array_index (self->columns, old))->key);
          c->hidden = ((Column *) g_ptr_array_index (self->columns, old))->hidden;
        }
      g_ptr_array_add (columns, c);
    }
  g_ptr_array_unref (self->columns);
  self->columns = g_steal_pointer (&columns);
  _sw_plot_view_invalidate_analysis (self);
  _sw_plot_view_clear_y_ranges (self);
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

  if (_sw_plot_view_is_xy (self))
    return 1;
  panel_of = g_new0 (int, self->columns->len + 1);
  return _sw_plot_view_compute_panels (self, panel_of, NULL);
}

int
sw_plot_view_get_panel (SwPlotView *self, const char *name)
{
  g_autofree int *panel_of = NULL;
  int i;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), -1);
  g_return_val_if_fail (name != NULL, -1);

  if ((i = _sw_plot_view_find_column (self, name)) < 0)
    return -1;
  panel_of = g_new0 (int, self->columns->len + 1);
  _sw_plot_view_compute_panels (self, panel_of, NULL);
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

  if ((i = _sw_plot_view_find_column (self, name)) < 0)
    {
      g_warning ("%s: “%s” is not shown", G_STRFUNC, name);
      return;
    }
  c = g_ptr_array_index (self->columns, i);
  panel_of = g_new0 (int, self->columns->len + 1);
  keys = g_ptr_array_new_with_free_func (g_free);
  n_panels = _sw_plot_view_compute_panels (self, panel_of, keys);
  if (panel_of[i] == (int) panel)
    return;
  g_free (c->key);
  if (panel < n_panels)
    c->key = g_strdup (g_ptr_array_index (keys, panel));
  else
    c->key = g_strdup_printf ("n:%u", ++self->panel_serial);
  _sw_plot_view_clear_y_ranges (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_plot_view_set_display_units (SwPlotView *self, SwPlotUnits units)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (units <= SW_PLOT_UNITS_DEGREES);

  if (self->display_units == units)
    return;
  self->display_units = units;
  /* Ranges in the old units mean nothing in the new ones. */
  _sw_plot_view_clear_y_ranges (self);
  self->xy_y.fixed = FALSE;
  if (_sw_plot_view_is_xy (self))
    {
      self->xy_x.fixed = FALSE;
      _sw_plot_view_check_range (self);
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
  _sw_plot_view_check_range (self);
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
  _sw_plot_view_check_range (self);
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
  _sw_plot_view_check_range (self);
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
        _sw_plot_view_check_range (self);
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

gboolean
sw_plot_view_get_cursor_value (SwPlotView *self, const char *name, double *value)
{
  SwTrajectory *tr;
  const char *unused;
  int column;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  tr = _sw_plot_view_shown (self);
  if (!self->cursor_visible || !_sw_plot_view_has_rows (tr) ||
      (_sw_plot_view_find_column (self, name) < 0 && g_strcmp0 (name, self->y_name) != 0) ||
      (column = sw_trajectory_find_column (tr, name)) < 0)
    return FALSE;
  if (value != NULL)
    *value = sw_trajectory_interpolate (tr, (guint) column, self->cursor_t) *
             _sw_plot_view_display_factor (self->display_units,
                                           sw_trajectory_get_column_unit (tr, (guint) column), &unused);
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

  /* A spectrum shown is made now if a worker is still at it. */
  sw_plot_view_get_spectrum (self);
  if (!_sw_plot_view_build_scene (self, &s, FALSE))
    {
      _sw_plot_view_scene_clear (&s);
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: there is nothing to plot; run a simulation and choose variables first"),
                   path);
      return FALSE;
    }
  ok = sw_plot_file_write_scene (&s.scene, path, width, height, error);
  _sw_plot_view_scene_clear (&s);
  return ok;
}
