/* sw-modes-view.c: the modes table, the selected mode's shape and energy
 * charts, and the canvas colouring.
 *
 * Data flow: sw_modes_view_set_modes() fills a GListStore of SwModeRow
 * (one per mode) under a GtkMultiSelection; the first selected row is the
 * selected mode. For it the view reads the per-body and per-section values
 * from SwModes (sw_modes_get_mode_values()), puts them in drivetrain order
 * (sw-modes-order.h: along the connections, gears included) and hands them to the three SwModesPlot charts; the
 * canvas, if any, gets the modes and the index while the view is mapped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-view.h"
#include "sw-modes-view-private.h"

#include <math.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-mode-row.h"
#include "sw-modes-data.h"
#include "sw-modes-order.h"
#include "sw-ui-resources.h"

struct _SwModesView
{
  GtkWidget          parent_instance;

  SwModes           *modes;
  guint             *body_order;
  guint             *section_order;
  guint              selected_mode;
  gboolean           animate;
  SwCanvas          *canvas;        /* weak */
  gboolean           updating;      /* selection changed by the view itself */
  guint              fit_source;    /* the table's height, after a resize */
  int                fit_position;  /* the divider where the view put it, -1: moved by hand */

  GListStore        *rows;
  gboolean           rows_stale;    /* their texts are of older modes (hidden since) */
  GtkMultiSelection *selection;

  /* Template children */
  GtkStack          *stack;
  GtkPaned          *paned;
  GtkLabel          *time_label;
  GtkColumnView     *table;
  SwModesPlot       *shape_plot;
  SwModesPlot       *kinetic_plot;
  SwModesPlot       *potential_plot;
  GtkWidget         *charts;
  GtkWidget         *energy_row;
  int                charts_width;  /* the view's size the charts were arranged for */
  int                charts_height;
  guint              arrange_source;
};

G_DEFINE_FINAL_TYPE (SwModesView, sw_modes_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED_MODE,
  PROP_ANIMATE,
  PROP_CANVAS,
  N_PROPS
};

enum {
  MODE_SELECTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- The canvas --------------------------------------------------------- */

static void
update_canvas (SwModesView *self)
{
  if (self->canvas == NULL)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->modes != NULL &&
      self->selected_mode < sw_modes_get_n_modes (self->modes))
    {
      sw_canvas_set_mode (self->canvas, self->modes, self->selected_mode);
      sw_canvas_set_mode_animated (self->canvas, self->animate);
    }
  /* Hidden, the canvas is another page's (the forced response's loads):
   * unmap cleared this view's mode already. */
  else if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    sw_canvas_clear_mode (self->canvas);
}

/* The rows' texts from the modes shown. A hidden view leaves them until
 * it shows or someone reads them: new texts in the table re-measure its
 * columns over a few frames, which a live edit's next frame would wait
 * behind. */
static void
sync_rows (SwModesView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  if (!self->rows_stale)
    return;
  /* (Called before rows beyond the new modes are taken away.) */
  n = MIN (n, sw_modes_get_n_modes (self->modes));
  self->rows_stale = FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SwModeRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      sw_mode_row_update (row, self->modes);
    }
}

/* ---- The charts --------------------------------------------------------- */

static void
update_plots (SwModesView *self)
{
  guint nb, ns, index = self->selected_mode;
  const SwMode *m;
  g_autofree double *shape = NULL, *kinetic = NULL, *potential = NULL;
  g_autofree double *values = NULL;
  g_autofree const char **labels = NULL;
  g_autofree char *shape_title = NULL, *kinetic_title = NULL;
  int highlight = -1;

  if (self->modes == NULL || index >= sw_modes_get_n_modes (self->modes))
    {
      const char *none = _("Select a mode in the table");

      sw_modes_plot_set_data (self->shape_plot, NULL, 0, NULL, NULL, -1, none);
      sw_modes_plot_set_data (self->kinetic_plot, NULL, 0, NULL, NULL, -1, NULL);
      sw_modes_plot_set_data (self->potential_plot, NULL, 0, NULL, NULL, -1, NULL);
      return;
    }

  m = sw_modes_get_mode (self->modes, index);
  nb = sw_modes_get_n_bodies (self->modes);
  ns = sw_modes_get_n_sections (self->modes);
  shape = g_new (double, MAX (nb, 1));
  kinetic = g_new (double, MAX (nb, 1));
  potential = g_new (double, MAX (ns, 1));
  values = g_new (double, MAX (MAX (nb, ns), 1));
  labels = g_new (const char *, MAX (MAX (nb, ns), 1));
  sw_modes_get_mode_values (self->modes, index, shape, NULL, NULL, kinetic, NULL, potential);

  if (m->unstable)
    /* Translators: %u is the number of a mode in the table; its motion grows as exp(rate t). */
    shape_title = g_strdup_printf (_("Mode %u, UNSTABLE (grows as exp(%.4g t)): shape along the drivetrain"),
                                   index + 1, m->growth_rate_per_s);
  else if (m->rigid_body)
    /* Translators: %u is the number of a mode in the table. */
    shape_title = g_strdup_printf (_("Mode %u, rigid body: shape along the drivetrain"), index + 1);
  else
    /* Translators: a mode's number and its natural frequency. */
    shape_title = g_strdup_printf (_("Mode %u at %.4g Hz: shape along the drivetrain"), index + 1, m->frequency_hz);
  for (guint k = 0; k < nb; k++)
    {
      values[k] = shape[self->body_order[k]];
      labels[k] = sw_modes_get_body_part (self->modes, self->body_order[k])->id;
    }
  sw_modes_plot_set_data (self->shape_plot, shape_title, nb, labels, values, -1, _("No bodies"));

  /* A rigid-body mode has no energy: its "kinetic" shares say how the
   * motion is shared (as the CLI prints them). */
  kinetic_title = g_strdup (m->rigid_body ? _("Share of the motion per body") : _("Kinetic energy per body"));
  for (guint k = 0; k < nb; k++)
    values[k] = kinetic[self->body_order[k]];
  sw_modes_plot_set_data (self->kinetic_plot, kinetic_title, nb, labels, values, -1, _("No bodies"));

  for (guint k = 0; k < ns; k++)
    {
      guint s = self->section_order[k];

      values[k] = potential[s];
      labels[k] = sw_modes_get_section_part (self->modes, s)->id;
      if ((int) s == m->most_excitable_section)
        highlight = k;
    }
  if (m->rigid_body)
    sw_modes_plot_set_data (self->potential_plot, NULL, 0, NULL, NULL, -1,
                            _("A rigid-body mode strains no section"));
  else
    sw_modes_plot_set_data (self->potential_plot, _("Potential energy per section"), ns, labels, values, highlight,
                            _("No compliant sections"));
}

/* ---- Selection ------------------------------------------------------------ */

static void
set_selected_internal (SwModesView *self,
                       guint        index)
{
  if (self->selected_mode == index)
    return;
  self->selected_mode = index;
  update_plots (self);
  update_canvas (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_MODE]);
  g_signal_emit (self, signals[MODE_SELECTED], 0, index);
}

static guint
first_selected (SwModesView *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  return gtk_bitset_is_empty (set) ? G_MAXUINT : gtk_bitset_get_minimum (set);
}

static void
on_selection_changed (SwModesView *self)
{
  if (self->updating)
    return;
  set_selected_internal (self, first_selected (self));
}

/* GTK 4.8 has no gtk_column_view_scroll_to(): the list inside has an
 * action for it. */
static void
scroll_to_row (SwModesView *self,
               guint        index)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->table)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      {
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", index);
        break;
      }
}

/* ---- Actions ------------------------------------------------------------- */

char *
sw_modes_view_dup_selection_text (SwModesView *self)
{
  g_autoptr(GtkBitset) set = NULL;
  GtkBitsetIter iter;
  GString *text;
  guint position;

  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);

  sync_rows (self);
  set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (gtk_bitset_is_empty (set))
    return NULL;
  text = g_string_new (NULL);
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(SwModeRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
      g_autofree char *line = sw_mode_row_dup_tsv (row);

      g_string_append (text, line);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SwModesView *self = SW_MODES_VIEW (widget);
  g_autofree char *text = sw_modes_view_dup_selection_text (self);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
update_actions (SwModesView *self)
{
  gboolean has_modes = self->modes != NULL && sw_modes_get_n_modes (self->modes) > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "modes.copy", has_modes);
}

/* ---- GObject -------------------------------------------------------------- */

static void
sw_modes_view_map (GtkWidget *widget)
{
  sync_rows (SW_MODES_VIEW (widget));
  GTK_WIDGET_CLASS (sw_modes_view_parent_class)->map (widget);
  update_canvas (SW_MODES_VIEW (widget));
}

static void
sw_modes_view_unmap (GtkWidget *widget)
{
  SwModesView *self = SW_MODES_VIEW (widget);

  GTK_WIDGET_CLASS (sw_modes_view_parent_class)->unmap (widget);
  /* Only a mode: the page shown next may have coloured the canvas already. */
  if (self->canvas != NULL && sw_canvas_get_mode_index (self->canvas) != G_MAXUINT)
    sw_canvas_clear_mode (self->canvas);
}

/* ---- The table's height ------------------------------------------------------ */

/* The divider under the table: every mode's row when there is room; in a
 * short view the charts shrink first, the table keeps at least
 * FIT_MIN_ROWS rows while the charts keep CHARTS_MIN_PX, otherwise half
 * the view; at least the template's 180 px (or all rows, when less); kept
 * where the user drags it.
 * The energy charts (the canvas shows the same shares in colour) sit under
 * the shape when the charts have ENERGY_MIN_PX (each chart needs 140 px);
 * in a shorter view at least ENERGY_BESIDE_PX wide, beside it (1280 x 800
 * with both side panels open); else they give way to the shape. */
#define FIT_ROW_PX     33
#define FIT_HEADER_PX  38
#define FIT_MIN_PX     180
#define FIT_MIN_ROWS   8
#define CHARTS_MIN_PX  140
#define ENERGY_MIN_PX  280
#define ENERGY_BESIDE_PX 600

/* The divider's pane as tall as the view lets it be: the view may be
 * shorter than its page's minimum for a frame (the page is then
 * allocated its minimum and clipped) until the charts are arranged for
 * the height. */
static int
paned_height (SwModesView *self)
{
  int view = gtk_widget_get_height (GTK_WIDGET (self)), stack = gtk_widget_get_height (GTK_WIDGET (self->stack));

  return gtk_widget_get_height (GTK_WIDGET (self->paned)) - MAX (0, stack - view);
}

/* The energy charts shown, under or beside the shape, when the charts
 * under a table of table_px have room for them. */
static void
show_energy_for (SwModesView *self, int table_px)
{
  int height = paned_height (self), width = gtk_widget_get_width (GTK_WIDGET (self));
  gboolean under, beside;

  if (height <= 0)
    return;
  under = height - table_px >= ENERGY_MIN_PX;
  beside = !under && width >= ENERGY_BESIDE_PX && height - table_px >= CHARTS_MIN_PX;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->charts),
                                  beside ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  /* Beside, the shape takes the width the energy charts' minimum leaves:
   * a third left its names a few letters ("en…ne") at 1280 x 800. */
  gtk_widget_set_hexpand (self->energy_row, !beside);
  sw_modes_plot_set_compact (self->kinetic_plot, beside);
  sw_modes_plot_set_compact (self->potential_plot, beside);
  gtk_widget_set_visible (self->energy_row, under || beside);
  self->charts_width = width;
  self->charts_height = gtk_widget_get_height (GTK_WIDGET (self));
}

static gboolean fit_table_cb (gpointer data);

static gboolean
arrange_cb (gpointer data)
{
  SwModesView *self = data;

  self->arrange_source = 0;
  /* Placed by the view: the table fitted to the new size (which arranges
   * the charts); else the charts arranged under the user's table. */
  if (self->fit_position >= 0)
    {
      g_clear_handle_id (&self->fit_source, g_source_remove);
      fit_table_cb (self);
    }
  else
    show_energy_for (self, gtk_paned_get_position (self->paned));
  return G_SOURCE_REMOVE;
}

/* The view asks no more height than the compact arrangement needs (the
 * energy charts beside the shape): a page in a scrolled window is then
 * given the height shown, not its minimum, and arranges itself for it. */
static void
sw_modes_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  SwModesView *self = SW_MODES_VIEW (widget);

  gtk_widget_measure (GTK_WIDGET (self->stack), orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_VERTICAL && gtk_widget_get_visible (self->energy_row) &&
      gtk_orientable_get_orientation (GTK_ORIENTABLE (self->charts)) == GTK_ORIENTATION_VERTICAL)
    {
      int energy = 0;

      gtk_widget_measure (self->energy_row, GTK_ORIENTATION_VERTICAL, -1, &energy, NULL, NULL, NULL);
      *minimum = MAX (0, *minimum - energy);
    }
}

/* A new size may put the energy charts under or beside the shape or
 * hide them: after this allocation, not inside it. Shorter than its
 * page's minimum, the page gets its minimum (clipped) until then. */
static void
sw_modes_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  SwModesView *self = SW_MODES_VIEW (widget);
  int minimum = 0;

  gtk_widget_measure (GTK_WIDGET (self->stack), GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
  gtk_widget_allocate (GTK_WIDGET (self->stack), width, MAX (height, minimum), -1, NULL);
  if ((width != self->charts_width || height != self->charts_height) && self->arrange_source == 0)
    {
      self->arrange_source = g_idle_add (arrange_cb, self);
      g_source_set_name_by_id (self->arrange_source, "[shaftwork] modes charts arrangement");
    }
}

/* Dragged by hand: the energy charts follow. */
static void
on_position (SwModesView *self)
{
  if (self->fit_position < 0)
    show_energy_for (self, gtk_paned_get_position (self->paned));
}

static gboolean
fit_table_cb (gpointer data)
{
  SwModesView *self = data;
  int max = 0, height, position, want, rows = 0;
  guint n;

  self->fit_source = 0;
  if (self->fit_position < 0)
    return G_SOURCE_REMOVE;
  g_object_get (self->paned, "max-position", &max, NULL);
  height = paned_height (self);
  position = gtk_paned_get_position (self->paned);
  /* Moved by hand (not where the view put it, nor that clamped). */
  if (self->fit_position > 0 && position != self->fit_position && position != MIN (self->fit_position, max))
    {
      self->fit_position = -1;
      return G_SOURCE_REMOVE;
    }
  /* The rows' height as drawn (the style decides it), else an estimate. */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  gtk_widget_measure (GTK_WIDGET (self->table), GTK_ORIENTATION_VERTICAL, -1, NULL, &rows, NULL, NULL);
  if (rows <= 0)
    rows = FIT_HEADER_PX + FIT_ROW_PX * (int) MAX (n, 4);
  want = MIN (rows, MAX (height / 2, MIN (FIT_HEADER_PX + FIT_ROW_PX * FIT_MIN_ROWS, height - CHARTS_MIN_PX)));
  want = MAX (want, MIN (MIN (FIT_MIN_PX, rows), height));
  /* Hiding the energy charts raises max-position: fitted again then. */
  show_energy_for (self, want);
  want = MIN (want, max);
  if (want > 0 && want != position)
    gtk_paned_set_position (self->paned, want);
  self->fit_position = want;
  return G_SOURCE_REMOVE;
}

static void
schedule_fit (SwModesView *self)
{
  if (self->fit_source != 0 || self->fit_position < 0)
    return;
  self->fit_source = g_idle_add (fit_table_cb, self);
  g_source_set_name_by_id (self->fit_source, "[shaftwork] modes table height");
}

int
_sw_modes_view_get_table_height (SwModesView *self)
{
  return gtk_paned_get_position (self->paned);
}

static void
sw_modes_view_dispose (GObject *object)
{
  SwModesView *self = SW_MODES_VIEW (object);

  if (self->canvas != NULL)
    sw_canvas_clear_mode (self->canvas);
  g_clear_weak_pointer (&self->canvas);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  g_clear_handle_id (&self->arrange_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_MODES_VIEW);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->modes, sw_modes_unref);
  G_OBJECT_CLASS (sw_modes_view_parent_class)->dispose (object);
}

static void
sw_modes_view_finalize (GObject *object)
{
  SwModesView *self = SW_MODES_VIEW (object);

  g_free (self->body_order);
  g_free (self->section_order);
  G_OBJECT_CLASS (sw_modes_view_parent_class)->finalize (object);
}

static void
sw_modes_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  SwModesView *self = SW_MODES_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED_MODE:
      g_value_set_uint (value, self->selected_mode);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_CANVAS:
      g_value_set_object (value, self->canvas);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_modes_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  SwModesView *self = SW_MODES_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED_MODE:
      sw_modes_view_set_selected_mode (self, g_value_get_uint (value));
      break;
    case PROP_ANIMATE:
      sw_modes_view_set_animate (self, g_value_get_boolean (value));
      break;
    case PROP_CANVAS:
      sw_modes_view_set_canvas (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_modes_view_class_init (SwModesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_modes_view_dispose;
  object_class->finalize = sw_modes_view_finalize;
  object_class->get_property = sw_modes_view_get_property;
  object_class->set_property = sw_modes_view_set_property;
  widget_class->map = sw_modes_view_map;
  widget_class->unmap = sw_modes_view_unmap;
  widget_class->measure = sw_modes_view_measure;
  widget_class->size_allocate = sw_modes_view_size_allocate;

  properties[PROP_SELECTED_MODE] =
    g_param_spec_uint ("selected-mode", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CANVAS] =
    g_param_spec_object ("canvas", NULL, NULL, SW_TYPE_CANVAS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MODE_SELECTED] =
    g_signal_new ("mode-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  g_type_ensure (SW_TYPE_MODE_ROW);
  g_type_ensure (SW_TYPE_MODES_PLOT);
  /* Referring to the resource links it in (it registers itself). */
  if (sw_ui_get_resource () == NULL)
    g_critical ("the ui resource is missing");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/shaftwork/Shaftwork/ui/sw-modes-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SwModesView, stack);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, paned);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, charts);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, energy_row);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, time_label);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, table);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, shape_plot);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, kinetic_plot);
  gtk_widget_class_bind_template_child (widget_class, SwModesView, potential_plot);

  gtk_widget_class_install_action (widget_class, "modes.copy", NULL, copy_action);
  gtk_widget_class_install_property_action (widget_class, "modes.animate", "animate");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "modes.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Insert, GDK_CONTROL_MASK, "modes.copy", NULL);

  gtk_widget_class_set_css_name (widget_class, "modesview");
}

static void
sw_modes_view_init (SwModesView *self)
{
  self->selected_mode = G_MAXUINT;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Its page clipped while taller than the view (see size_allocate). */
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  self->rows = g_list_store_new (SW_TYPE_MODE_ROW);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_column_view_set_model (self->table, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->paned, "notify::max-position", G_CALLBACK (schedule_fit), self);
  g_signal_connect_swapped (self->paned, "notify::position", G_CALLBACK (on_position), self);
  update_plots (self);
  update_actions (self);
}

/* ---- Public API ------------------------------------------------------------ */

GtkWidget *
sw_modes_view_new (void)
{
  return g_object_new (SW_TYPE_MODES_VIEW, NULL);
}

static char *
time_text (const SwModes *modes)
{
  double t = sw_modes_get_time (modes);

  if (t == 0)
    return g_strdup (_("Operating point: the initial state, t = 0 s"));
  /* Translators: the time of the state the modes were computed at. */
  return g_strdup_printf (_("Operating point: t = %.6g s"), t);
}

void
sw_modes_view_set_modes (SwModesView *self,
                         SwModes     *modes)
{
  g_autoptr(GPtrArray) rows = NULL;
  guint n = 0, select = G_MAXUINT, n_kept = 0, n_items;

  g_return_if_fail (SW_IS_MODES_VIEW (self));

  if (modes == self->modes)
    return;
  if (modes != NULL)
    sw_modes_ref (modes);
  g_clear_pointer (&self->modes, sw_modes_unref);
  self->modes = modes;
  g_clear_pointer (&self->body_order, g_free);
  g_clear_pointer (&self->section_order, g_free);

  /* The rows there are already take the new modes' values in place: the
   * table's cells are updated, not made again (3 ms of every live edit
   * for four bodies), and only when the view shows (sync_rows()); only
   * rows gained or lost are spliced. */
  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  if (modes != NULL)
    n_kept = MIN (n_items, sw_modes_get_n_modes (modes));
  self->rows_stale = n_kept > 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    sync_rows (self);

  rows = g_ptr_array_new_with_free_func (g_object_unref);
  if (modes != NULL)
    {
      g_autofree char *text = time_text (modes);

      n = sw_modes_get_n_modes (modes);
      for (guint i = n_kept; i < n; i++)
        g_ptr_array_add (rows, sw_mode_row_new (modes, i));
      self->body_order = g_new (guint, MAX (sw_modes_get_n_bodies (modes), 1));
      self->section_order = g_new (guint, MAX (sw_modes_get_n_sections (modes), 1));
      sw_modes_get_connected_order (modes, self->body_order, self->section_order);
      gtk_label_set_text (self->time_label, text);

      /* Keep the mode looked at (a new operating point), else the first
       * elastic one. */
      if (self->selected_mode < n)
        select = self->selected_mode;
      for (guint i = 0; i < n && select == G_MAXUINT; i++)
        if (!sw_modes_get_mode (modes, i)->rigid_body)
          select = i;
      if (select == G_MAXUINT && n > 0)
        select = 0;
    }
  else
    gtk_label_set_text (self->time_label, "");

  self->updating = TRUE;
  if (n_items > n_kept || rows->len > 0)
    g_list_store_splice (self->rows, n_kept, n_items - n_kept, rows->pdata, rows->len);
  if (select != G_MAXUINT)
    gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), select, TRUE);
  else
    gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  self->updating = FALSE;

  gtk_stack_set_visible_child_name (self->stack, modes != NULL ? "modes" : "empty");
  update_actions (self);
  schedule_fit (self);

  /* The same index of other modes is news too: plots and canvas change. */
  if (self->selected_mode == select)
    {
      update_plots (self);
      update_canvas (self);
    }
  else
    set_selected_internal (self, select);
}

SwModes *
sw_modes_view_get_modes (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);
  return self->modes;
}

guint
sw_modes_view_get_selected_mode (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), G_MAXUINT);
  return self->selected_mode;
}

void
sw_modes_view_set_selected_mode (SwModesView *self,
                                 guint        index)
{
  guint n;

  g_return_if_fail (SW_IS_MODES_VIEW (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  if (index >= n)
    index = G_MAXUINT;
  self->updating = TRUE;
  if (index != G_MAXUINT)
    {
      gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), index, TRUE);
      scroll_to_row (self, index);
    }
  else
    gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  self->updating = FALSE;
  set_selected_internal (self, index);
}

gboolean
sw_modes_view_get_animate (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), FALSE);
  return self->animate;
}

void
sw_modes_view_set_animate (SwModesView *self,
                           gboolean     animate)
{
  g_return_if_fail (SW_IS_MODES_VIEW (self));

  animate = !!animate;
  if (self->animate == animate)
    return;
  self->animate = animate;
  update_canvas (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATE]);
}

SwCanvas *
sw_modes_view_get_canvas (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);
  return self->canvas;
}

void
sw_modes_view_set_canvas (SwModesView *self,
                          SwCanvas    *canvas)
{
  g_return_if_fail (SW_IS_MODES_VIEW (self));
  g_return_if_fail (canvas == NULL || SW_IS_CANVAS (canvas));

  if (self->canvas == canvas)
    return;
  if (self->canvas != NULL)
    sw_canvas_clear_mode (self->canvas);
  g_set_weak_pointer (&self->canvas, canvas);
  update_canvas (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CANVAS]);
}

/* ---- Private ---------------------------------------------------------------- */

GtkSelectionModel *
_sw_modes_view_get_selection (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);
  sync_rows (self);
  return GTK_SELECTION_MODEL (self->selection);
}

GtkColumnView *
_sw_modes_view_get_table (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);
  return self->table;
}

SwModesPlot *
_sw_modes_view_get_plot (SwModesView     *self,
                         SwModesViewPlot  plot)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);

  switch (plot)
    {
    case SW_MODES_VIEW_PLOT_SHAPE:
      return self->shape_plot;
    case SW_MODES_VIEW_PLOT_KINETIC:
      return self->kinetic_plot;
    case SW_MODES_VIEW_PLOT_POTENTIAL:
      return self->potential_plot;
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
_sw_modes_view_get_time_text (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);
  return gtk_label_get_text (self->time_label);
}

const char *
_sw_modes_view_get_page (SwModesView *self)
{
  g_return_val_if_fail (SW_IS_MODES_VIEW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}
