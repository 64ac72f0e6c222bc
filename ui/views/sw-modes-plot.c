/* sw-modes-plot.c: a chart of the modes view with its own PLplot stream.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-plot.h"
#include "sw-plot-widget.h"

#include <math.h>
#include <adwaita.h>
#include <glib/gi18n.h>
#include <plplot.h>

struct _SwModesPlot
{
  GtkWidget         parent_instance;

  SwModesChartKind  kind;
  char             *title;
  char             *message;
  GPtrArray        *labels;     /* char *, NULL-terminated */
  GArray           *values;     /* double */
  int               highlight;
  gboolean          compact;

  SwPlotColors      colors;
  SwPlotWidgetStream stream;
};

G_DEFINE_FINAL_TYPE (SwModesPlot, sw_modes_plot, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_KIND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The palette of the style, the page and text colours of its views. */
static void
update_colors (SwModesPlot *self)
{
  sw_plot_widget_update_colors (GTK_WIDGET (self), GTK_WIDGET (self), &self->colors);
}

static gboolean
render (SwModesPlot *self,
        cairo_t     *cr,
        int          width,
        int          height)
{
  SwModesChart chart = {
    .kind = self->kind,
    .colors = &self->colors,
    .title = self->title,
    .n = self->values->len,
    .labels = (const char *const *) self->labels->pdata,
    .values = (const double *) (gpointer) self->values->data,
    .highlight = self->highlight,
  };
  PLINT previous = 0;
  int stream;
  gboolean ok;

  if (chart.n == 0 || !sw_plot_driver_available ())
    {
      chart.n = 0;
      return sw_modes_chart_draw (cr, width, height, &chart);
    }
  stream = sw_plot_widget_stream_get (&self->stream, width, height);
  if (stream < 0)
    {
      chart.n = 0;
      return sw_modes_chart_draw (cr, width, height, &chart);
    }
  plgstrm (&previous);
  plsstrm (stream);
  ok = sw_modes_chart_draw (cr, width, height, &chart);
  plsstrm (previous);
  return ok;
}

static void
sw_modes_plot_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  SwModesPlot *self = SW_MODES_PLOT (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  const char *message = NULL;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!render (self, cr, width, height))
    {
      if (self->values->len == 0)
        message = self->message;
      else if (!sw_plot_driver_available ())
        message = _("Cannot plot: the PLplot driver “extcairo” is not installed (package plplot-driver-cairo)");
      else
        message = _("Too small to plot");
    }
  cairo_destroy (cr);

  if (message != NULL)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, message);
      GdkRGBA fg = { self->colors.foreground[0] / 255.0, self->colors.foreground[1] / 255.0,
                     self->colors.foreground[2] / 255.0, 0.6 };
      int lw, lh;

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
sw_modes_plot_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 200 : 140;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? (SW_MODES_PLOT (widget)->compact ? 200 : 420) : 220;
}

void
sw_modes_plot_set_compact (SwModesPlot *plot, gboolean compact)
{
  g_return_if_fail (SW_IS_MODES_PLOT (plot));

  if (plot->compact == !!compact)
    return;
  plot->compact = !!compact;
  gtk_widget_queue_resize (GTK_WIDGET (plot));
}

static void
sw_modes_plot_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (sw_modes_plot_parent_class)->css_changed (widget, change);
  update_colors (SW_MODES_PLOT (widget));
}

static void
sw_modes_plot_dispose (GObject *object)
{
  sw_plot_widget_stream_clear (&SW_MODES_PLOT (object)->stream);
  G_OBJECT_CLASS (sw_modes_plot_parent_class)->dispose (object);
}

static void
sw_modes_plot_finalize (GObject *object)
{
  SwModesPlot *self = SW_MODES_PLOT (object);

  g_free (self->title);
  g_free (self->message);
  g_ptr_array_unref (self->labels);
  g_array_unref (self->values);
  G_OBJECT_CLASS (sw_modes_plot_parent_class)->finalize (object);
}

static void
sw_modes_plot_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  SwModesPlot *self = SW_MODES_PLOT (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_modes_plot_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  SwModesPlot *self = SW_MODES_PLOT (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_modes_plot_class_init (SwModesPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_modes_plot_dispose;
  object_class->finalize = sw_modes_plot_finalize;
  object_class->get_property = sw_modes_plot_get_property;
  object_class->set_property = sw_modes_plot_set_property;
  widget_class->snapshot = sw_modes_plot_snapshot;
  widget_class->measure = sw_modes_plot_measure;
  widget_class->css_changed = sw_modes_plot_css_changed;

  /* An int rather than an enum type: two values, set once. */
  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, SW_MODES_CHART_SHAPE, SW_MODES_CHART_BARS, SW_MODES_CHART_SHAPE,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "modesplot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
sw_modes_plot_init (SwModesPlot *self)
{
  self->stream = (SwPlotWidgetStream) SW_PLOT_WIDGET_STREAM_INIT;
  self->highlight = -1;
  self->labels = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->labels, NULL);
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
  update_colors (self);
  sw_plot_widget_follow_style (GTK_WIDGET (self), G_CALLBACK (update_colors));
}

GtkWidget *
sw_modes_plot_new (SwModesChartKind kind)
{
  return g_object_new (SW_TYPE_MODES_PLOT, "kind", kind, NULL);
}

SwModesChartKind
sw_modes_plot_get_kind (SwModesPlot *self)
{
  g_return_val_if_fail (SW_IS_MODES_PLOT (self), SW_MODES_CHART_SHAPE);
  return self->kind;
}

void
sw_modes_plot_set_data (SwModesPlot       *self,
                        const char        *title,
                        guint              n,
                        const char *const *labels,
                        const double      *values,
                        int                highlight,
                        const char        *message)
{
  g_autofree char *description = NULL;

  g_return_if_fail (SW_IS_MODES_PLOT (self));
  g_return_if_fail (n == 0 || (labels != NULL && values != NULL));
  g_return_if_fail (highlight < (int) n);

  g_free (self->title);
  self->title = g_strdup (title);
  g_free (self->message);
  self->message = g_strdup (message);
  g_ptr_array_set_size (self->labels, 0);
  g_array_set_size (self->values, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->labels, g_strdup (labels[i]));
  g_ptr_array_add (self->labels, NULL);
  g_array_append_vals (self->values, values, n);
  self->highlight = highlight;

  description = g_strdup (n > 0 ? title : message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description != NULL ? description : "", -1);
  /* (A narrow chart shortens its title.) */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), n > 0 ? title : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
sw_modes_plot_get_n_values (SwModesPlot *self)
{
  g_return_val_if_fail (SW_IS_MODES_PLOT (self), 0);
  return self->values->len;
}

double
sw_modes_plot_get_value (SwModesPlot *self,
                         guint        index)
{
  g_return_val_if_fail (SW_IS_MODES_PLOT (self), NAN);
  g_return_val_if_fail (index < self->values->len, NAN);
  return g_array_index (self->values, double, index);
}

const char *
sw_modes_plot_get_label (SwModesPlot *self,
                         guint        index)
{
  g_return_val_if_fail (SW_IS_MODES_PLOT (self), NULL);
  g_return_val_if_fail (index < self->values->len, NULL);
  return g_ptr_array_index (self->labels, index);
}

int
sw_modes_plot_get_highlight (SwModesPlot *self)
{
  g_return_val_if_fail (SW_IS_MODES_PLOT (self), -1);
  return self->highlight;
}

const char *
sw_modes_plot_get_title (SwModesPlot *self)
{
  g_return_val_if_fail (SW_IS_MODES_PLOT (self), NULL);
  return self->title;
}
