/* sw-campbell-view.c: the Campbell diagram view.
 *
 * A change of system, shaft, speed range or orders starts a job: the
 * system (immutable, reference counted) goes to a GTask worker that runs
 * sw_campbell_compute() (sw-campbell-view-job.c); the result is applied on the main thread only if
 * the view is still alive (a GWeakRef) and the job is still the current one
 * (its GCancellable). The crossings fill a GtkColumnView through a
 * GtkSingleSelection of SwCampbellCrossing rows; PLplot draws the diagram
 * on the main thread through a stream of the view's own
 * (sw-campbell-view-diagram.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-campbell-view.h"
#include "sw-campbell-view-private.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-plot-draw.h"
#include "sw-simulate.h"
#include "sw-plot-widget.h"
#include "sw-plot-file.h"
#include "sw-ui-resources.h"

#define ENTRY_DELAY_MS 400    /* after typing in an entry */
#define N_SPEEDS       121

/* ---- SwCampbellCrossing ------------------------------------------------------ */

struct _SwCampbellCrossing {
  GObject         parent_instance;
  SwCriticalSpeed speed;
  char           *section;
  char           *source;    /* what excites its order (a gear mesh), or NULL */
};

G_DEFINE_FINAL_TYPE (SwCampbellCrossing, sw_campbell_crossing, G_TYPE_OBJECT)

static void
sw_campbell_crossing_finalize (GObject *object)
{
  g_free (SW_CAMPBELL_CROSSING (object)->section);
  g_free (SW_CAMPBELL_CROSSING (object)->source);
  G_OBJECT_CLASS (sw_campbell_crossing_parent_class)->finalize (object);
}

static void
sw_campbell_crossing_class_init (SwCampbellCrossingClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sw_campbell_crossing_finalize;
}

static void
sw_campbell_crossing_init (SwCampbellCrossing *self)
{
}

static SwCampbellCrossing *
crossing_new (const SwCriticalSpeed *speed, const char *section, const char *source)
{
  SwCampbellCrossing *self = g_object_new (SW_TYPE_CAMPBELL_CROSSING, NULL);

  self->speed = *speed;
  self->section = g_strdup (section);
  self->source = g_strdup (source);
  return self;
}

const SwCriticalSpeed *
sw_campbell_crossing_get_speed (SwCampbellCrossing *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_CROSSING (self), NULL);
  return &self->speed;
}

const char *
sw_campbell_crossing_get_section (SwCampbellCrossing *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_CROSSING (self), NULL);
  return self->section;
}

/* ---- SwCampbellView ---------------------------------------------------------- */

G_DEFINE_FINAL_TYPE (SwCampbellView, sw_campbell_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SHAFT,
  PROP_FROM_RPM,
  PROP_TO_RPM,
  PROP_FRICTION,
  PROP_AT_CURSOR,
  PROP_BUSY,
  N_PROPS
};

enum { MODE_SELECTED, COMPUTED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void start_job (SwCampbellView *self);

/* ---- Colours ----------------------------------------------------------------- */

static void
update_colors (SwCampbellView *self)
{
  sw_plot_widget_update_colors (GTK_WIDGET (self), GTK_WIDGET (self->area), &self->colors);
}

/* ---- Helpers ----------------------------------------------------------------- */

/* A rotational part that carries mass (an inertia, a shaft element with its
 * polar moment): what sw_campbell_compute() takes as the reference shaft. */
static gboolean
is_shaft (const SwPart *p)
{
  if (p->kind->n_ports == 0 || p->kind->ports[0].domain != SW_DOMAIN_ROTATIONAL)
    return FALSE;
  for (guint k = 0; k < p->kind->n_params; k++)
    if (g_strcmp0 (p->kind->params[k].unit, "kg.m2") == 0 && p->param[k] > 0)
      return TRUE;
  return FALSE;
}

static const char *
selected_shaft (SwCampbellView *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->shaft_drop);

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

static int
find_shaft (SwCampbellView *self, const char *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shafts));

  for (guint i = 0; id != NULL && i < n; i++)
    if (strcmp (gtk_string_list_get_string (self->shafts, i), id) == 0)
      return (int) i;
  return -1;
}

/* "1, 2, 4.5" (commas or spaces): FALSE when not a list of orders > 0. */
static gboolean
parse_orders (const char *text, GArray *orders)
{
  g_auto (GStrv) items = g_regex_split_simple ("[,;\\s]+", text, 0, 0);

  g_array_set_size (orders, 0);
  for (guint k = 0; items[k] != NULL; k++)
    {
      char *end;
      double v;

      if (*items[k] == '\0')
        continue;
      v = g_strtod (items[k], &end);
      if (*end != '\0' || !(v > 0) || !isfinite (v))
        return FALSE;
      g_array_append_val (orders, v);
    }
  return orders->len > 0;
}

static char *
format_orders (const GArray *orders)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < orders->len; k++)
    g_string_append_printf (s, k > 0 ? ", %g" : "%g", g_array_index (orders, double, k));
  return g_string_free (s, FALSE);
}

static void
set_busy (SwCampbellView *self, gboolean busy)
{
  gtk_spinner_set_spinning (self->spinner, busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
show_error (SwCampbellView *self)
{
  sw_plot_widget_show_status (self->status, self->error, self->note);
}

/* The table from the diagram's crossings. */

/* The table at its natural width where the plot keeps at least 55 % of
 * the page (a paned gives an end child that does not resize its minimum
 * only; the table scrolls sideways on its own in a narrow page): at each
 * change of the page's width and after new rows. */
static void
place_table (SwCampbellView *self)
{
  GtkWidget *scroller = gtk_paned_get_end_child (self->paned);
  int width = gtk_widget_get_width (GTK_WIDGET (self->paned)), natural = 0;

  if (width <= 0 || scroller == NULL)
    return;
  gtk_widget_measure (scroller, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  gtk_paned_set_position (self->paned, MAX (width * 55 / 100, width - natural));
}

static gboolean
place_table_cb (gpointer data)
{
  SwCampbellView *self = data;

  self->place_source = 0;
  place_table (self);
  return G_SOURCE_REMOVE;
}

static void
place_table_later (SwCampbellView *self)
{
  if (self->place_source == 0)
    self->place_source = g_idle_add (place_table_cb, self);
}

static void
fill_rows (SwCampbellView *self)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; self->campbell != NULL && i < sw_campbell_get_n_crossings (self->campbell); i++)
    {
      const SwCriticalSpeed *cs = sw_campbell_get_crossing (self->campbell, i);
      const char *section = cs->section >= 0 && self->system != NULL
                              ? sw_system_get_part (self->system, (guint) cs->section)->id : NULL;
      const char *source = NULL;

      /* A component's order line (a gear mesh): say what excites it. */
      for (guint k = 0; k < sw_campbell_get_n_orders (self->campbell); k++)
        {
          const SwCampbellOrder *o = sw_campbell_get_order (self->campbell, k);

          if (o->order == cs->order && o->label != NULL)
            source = _(o->label);
        }
      g_ptr_array_add (items, crossing_new (cs, section, source));
    }
  self->filling = TRUE;
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)), items->pdata, items->len);
  place_table_later (self);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->filling = FALSE;
}

static void
job_done (GObject *source, GAsyncResult *res, gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (SwCampbellView) self = g_weak_ref_get (ref);
  GTask *task = G_TASK (res);
  g_autoptr (GError) error = NULL;
  SwCampbellViewResult *r;

  g_weak_ref_clear (ref);
  g_free (ref);
  r = g_task_propagate_pointer (task, &error);
  if (self == NULL || g_task_get_cancellable (task) != self->job ||
      g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      g_clear_pointer (&r, _sw_campbell_view_result_free);
      return;
    }
  g_clear_object (&self->job);
  g_clear_pointer (&self->campbell, sw_campbell_free);
  g_clear_pointer (&self->note, g_free);
  g_clear_error (&self->error);
  if (r != NULL)
    {
      self->campbell = g_steal_pointer (&r->campbell);
      self->note = g_steal_pointer (&r->note);
      if (r->friction != self->friction)
        {
          /* Engaged in the worker, or back at the operating point: the
           * list says which, without a new job. */
          self->friction = r->friction;
          self->filling = TRUE;
          gtk_drop_down_set_selected (self->friction_drop, self->friction);
          self->filling = FALSE;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRICTION]);
        }
      _sw_campbell_view_result_free (r);
    }
  else
    self->error = g_steal_pointer (&error);
  fill_rows (self);
  show_error (self);
  set_busy (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  g_signal_emit (self, signals[COMPUTED], 0);
}

static void
cancel_job (SwCampbellView *self)
{
  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job);
      g_clear_object (&self->job);
    }
}

static void
start_job (SwCampbellView *self)
{
  g_autoptr (GTask) task = NULL;
  const char *shaft = selected_shaft (self);
  gboolean was_busy = self->job != NULL;
  GWeakRef *ref;
  SwCampbellViewJob *job;

  if (self->filling)
    return;
  cancel_job (self);
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  if (self->system == NULL || shaft == NULL)
    {
      g_clear_pointer (&self->campbell, sw_campbell_free);
      g_clear_error (&self->error);
      fill_rows (self);
      show_error (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      if (was_busy)
        set_busy (self, FALSE);
      return;
    }
  job = g_new0 (SwCampbellViewJob, 1);
  job->system = sw_system_ref (self->system);
  job->shaft = g_strdup (shaft);
  job->orders = g_array_copy (self->orders);
  job->options = sw_campbell_options_default ();
  job->options.from_rpm = self->from_rpm;
  job->options.to_rpm = self->to_rpm;
  /* Not chosen: the operating point's, engaged only where it leaves the
   * reference shaft out of every mode (a later operating point may not). */
  job->options.friction = self->friction_chosen ? self->friction : SW_LINEAR_FRICTION_OPERATING;
  job->may_engage = !self->friction_chosen;
  job->options.at_s = self->at_s;
  job->options.n_speeds = N_SPEEDS;
  job->options.orders = (const double *) job->orders->data;
  job->options.n_orders = job->orders->len;
  g_free (self->title);
  self->title = g_strdup_printf (_("Campbell diagram, reference shaft %s"), shaft);

  self->job = g_cancellable_new ();
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  task = g_task_new (NULL, self->job, job_done, ref);
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job, (GDestroyNotify) _sw_campbell_view_job_free);
  g_task_run_in_thread (task, _sw_campbell_view_job_thread);
  set_busy (self, TRUE);
}

/* ---- The table ----------------------------------------------------------------- */

typedef enum { COL_SPEED, COL_ORDER, COL_MODE, COL_FREQUENCY, COL_SECTION } Column;

char *
_sw_campbell_view_dup_cell_text (SwCampbellCrossing *row, guint column)
{
  const SwCriticalSpeed *cs = &row->speed;

  switch ((Column) column)
    {
    case COL_SPEED: return g_strdup_printf ("%.1f", cs->speed_rpm);
    case COL_ORDER:
      {
        g_autofree char *order = g_strdup_printf ("%g", cs->order);
        if (row->source != NULL)
          return g_strdup_printf (_("%s× %s"), order, row->source);
        return g_strdup_printf (_("%s×"), order);
      }
    case COL_MODE: return g_strdup_printf ("%u", cs->mode);
    case COL_FREQUENCY: return g_strdup_printf ("%.4g", cs->frequency_hz);
    case COL_SECTION: default: return g_strdup (row->section != NULL ? row->section : "–");
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_UINT (data) == COL_SECTION ? 0.0 : 1.0);
  gtk_widget_add_css_class (label, GPOINTER_TO_UINT (data) == COL_SECTION ? "caption" : "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  g_autofree char *text = _sw_campbell_view_dup_cell_text (gtk_list_item_get_item (item), GPOINTER_TO_UINT (data));

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static void
add_column (SwCampbellView *self, const char *title, Column column, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *c;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (column));
  c = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (c, expand);
  gtk_column_view_append_column (self->table, c);
  g_object_unref (c);
}

static void
on_selection (SwCampbellView *self)
{
  SwCampbellCrossing *row = gtk_single_selection_get_selected_item (self->selection);

  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  if (self->filling || row == NULL)
    return;
  g_signal_emit (self, signals[MODE_SELECTED], 0, row->speed.mode);
}

/* ---- Controls ------------------------------------------------------------------ */

static gboolean
parse_rpm (GtkEntry *entry, double *rpm)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  char *end;

  *rpm = g_strtod (text, &end);
  return *text != '\0' && *end == '\0' && *rpm >= 0 && *rpm <= SW_CAMPBELL_MAX_RPM;
}

static void
set_entry_text (SwCampbellView *self, GtkEntry *entry, const char *text)
{
  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  self->filling = FALSE;
}

static void
show_range (SwCampbellView *self)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_snprintf (text, sizeof text, "%g", self->from_rpm);
  set_entry_text (self, self->from_entry, text);
  g_snprintf (text, sizeof text, "%g", self->to_rpm);
  set_entry_text (self, self->to_entry, text);
}

static gboolean
entry_timeout (gpointer data)
{
  SwCampbellView *self = data;
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));
  double from, to;

  self->entry_timeout = 0;
  if (parse_rpm (self->from_entry, &from) && parse_rpm (self->to_entry, &to) && to > from &&
      parse_orders (gtk_editable_get_text (GTK_EDITABLE (self->orders_entry)), orders))
    {
      gboolean same_orders = orders->len == self->orders->len &&
                             memcmp (orders->data, self->orders->data, orders->len * sizeof (double)) == 0;

      if (!same_orders)
        {
          g_array_set_size (self->orders, 0);
          g_array_append_vals (self->orders, orders->data, orders->len);
        }
      if (from != self->from_rpm || to != self->to_rpm)
        {
          self->from_rpm = from;
          self->to_rpm = to;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FROM_RPM]);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_RPM]);
          start_job (self);
        }
      else if (!same_orders)
        start_job (self);
    }
  return G_SOURCE_REMOVE;
}

static void
on_entry_changed (SwCampbellView *self, GtkEditable *editable)
{
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));
  double v;
  gboolean ok = GTK_ENTRY (editable) == self->orders_entry
                  ? parse_orders (gtk_editable_get_text (editable), orders)
                  : parse_rpm (GTK_ENTRY (editable), &v);

  if (self->filling)
    return;
  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (editable), "error");
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  self->entry_timeout = g_timeout_add (ENTRY_DELAY_MS, entry_timeout, self);
}

static void
on_entry_activate (SwCampbellView *self)
{
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  entry_timeout (self);
}

static void
on_shaft_selected (SwCampbellView *self)
{
  if (self->filling)
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHAFT]);
  start_job (self);
}

/* ---- API ----------------------------------------------------------------------- */

GtkWidget *
sw_campbell_view_new (void)
{
  return g_object_new (SW_TYPE_CAMPBELL_VIEW, NULL);
}

void
sw_campbell_view_set_system (SwCampbellView *self, SwSystem *system)
{
  g_autofree char *shaft = NULL;
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  int index;

  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));

  shaft = g_strdup (selected_shaft (self));
  if (system != NULL)
    sw_system_ref (system);
  g_clear_pointer (&self->system, sw_system_unref);
  self->system = system;
  for (guint i = 0; system != NULL && i < sw_system_get_n_parts (system); i++)
    if (is_shaft (sw_system_get_model_part (system, i)))
      g_ptr_array_add (ids, (gpointer) sw_system_get_model_part (system, i)->id);
  g_ptr_array_add (ids, NULL);
  self->filling = TRUE;
  gtk_string_list_splice (self->shafts, 0, g_list_model_get_n_items (G_LIST_MODEL (self->shafts)),
                          (const char *const *) ids->pdata);
  index = find_shaft (self, shaft);
  gtk_drop_down_set_selected (self->shaft_drop, index >= 0 ? (guint) index
                              : ids->len > 1 ? 0 : GTK_INVALID_LIST_POSITION);
  self->filling = FALSE;
  if (g_strcmp0 (shaft, selected_shaft (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHAFT]);
  start_job (self);
}

SwSystem *
sw_campbell_view_get_system (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  return self->system;
}

GListModel *
sw_campbell_view_get_shafts (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  return G_LIST_MODEL (self->shafts);
}

void
sw_campbell_view_set_shaft (SwCampbellView *self, const char *shaft)
{
  int index;

  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));
  g_return_if_fail (shaft != NULL);

  index = find_shaft (self, shaft);
  if (index < 0)
    {
      g_warning ("“%s” is not in the list of reference shafts", shaft);
      return;
    }
  gtk_drop_down_set_selected (self->shaft_drop, (guint) index);
}

const char *
sw_campbell_view_get_shaft (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  return selected_shaft (self);
}

void
sw_campbell_view_set_speed_range (SwCampbellView *self, double from_rpm, double to_rpm)
{
  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));
  g_return_if_fail (from_rpm >= 0 && to_rpm > from_rpm && to_rpm <= SW_CAMPBELL_MAX_RPM);

  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  if (from_rpm == self->from_rpm && to_rpm == self->to_rpm)
    return;
  self->from_rpm = from_rpm;
  self->to_rpm = to_rpm;
  show_range (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FROM_RPM]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_RPM]);
  start_job (self);
}

void
sw_campbell_view_set_friction (SwCampbellView *self, SwLinearFriction friction)
{
  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));
  g_return_if_fail ((guint) friction <= SW_LINEAR_FRICTION_LAST);

  self->friction_chosen = TRUE;
  if (friction == self->friction)
    return;
  self->friction = friction;
  self->filling = TRUE;
  gtk_drop_down_set_selected (self->friction_drop, friction);
  self->filling = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRICTION]);
  start_job (self);
}

void
sw_campbell_view_set_operating_time (SwCampbellView *self, double at_s)
{
  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));
  g_return_if_fail (at_s >= 0 && isfinite (at_s));

  if (at_s == self->at_s)
    return;
  self->at_s = at_s;
  start_job (self);
}

gboolean
sw_campbell_view_get_at_cursor (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), FALSE);
  return gtk_check_button_get_active (self->at_cursor_check);
}

void
sw_campbell_view_set_at_cursor (SwCampbellView *self, gboolean at_cursor)
{
  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));
  gtk_check_button_set_active (self->at_cursor_check, at_cursor);
}

static void
on_at_cursor_toggled (SwCampbellView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AT_CURSOR]);
}

SwLinearFriction
sw_campbell_view_get_friction (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), SW_LINEAR_FRICTION_OPERATING);
  return self->friction;
}

static void
on_friction_selected (SwCampbellView *self, GParamSpec *pspec, GtkDropDown *drop)
{
  guint selected = gtk_drop_down_get_selected (drop);

  if (selected <= SW_LINEAR_FRICTION_LAST && !self->filling)
    sw_campbell_view_set_friction (self, (SwLinearFriction) selected);
}

double
sw_campbell_view_get_from_rpm (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), 0);
  return self->from_rpm;
}

double
sw_campbell_view_get_to_rpm (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), 0);
  return self->to_rpm;
}

void
sw_campbell_view_set_orders (SwCampbellView *self, const double *orders, guint n_orders)
{
  g_autofree char *text = NULL;

  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));
  g_return_if_fail (orders != NULL && n_orders > 0);
  for (guint k = 0; k < n_orders; k++)
    g_return_if_fail (orders[k] > 0 && isfinite (orders[k]));

  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  g_array_set_size (self->orders, 0);
  g_array_append_vals (self->orders, orders, n_orders);
  text = format_orders (self->orders);
  set_entry_text (self, self->orders_entry, text);
  start_job (self);
}

const double *
sw_campbell_view_get_orders (SwCampbellView *self, guint *n_orders)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  if (n_orders != NULL)
    *n_orders = self->orders->len;
  return (const double *) self->orders->data;
}

const SwCampbell *
sw_campbell_view_get_campbell (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  return self->campbell;
}

GtkSelectionModel *
sw_campbell_view_get_crossings (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  return GTK_SELECTION_MODEL (self->selection);
}

void
sw_campbell_view_select_crossing (SwCampbellView *self, guint index)
{
  g_return_if_fail (SW_IS_CAMPBELL_VIEW (self));
  g_return_if_fail (index == GTK_INVALID_LIST_POSITION ||
                    index < g_list_model_get_n_items (G_LIST_MODEL (self->rows)));

  gtk_single_selection_set_selected (self->selection, index);
}

const GError *
sw_campbell_view_get_error (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  return self->error;
}

const char *
sw_campbell_view_get_note (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  return self->note;
}

gboolean
sw_campbell_view_get_busy (SwCampbellView *self)
{
  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), FALSE);
  return self->job != NULL;
}

/* ---- GObject ------------------------------------------------------------------- */

static void
sw_campbell_view_dispose (GObject *object)
{
  SwCampbellView *self = SW_CAMPBELL_VIEW (object);

  cancel_job (self);
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  g_clear_handle_id (&self->place_source, g_source_remove);
  sw_plot_widget_stream_clear (&self->stream);
  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_CAMPBELL_VIEW);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->shafts);
  g_clear_pointer (&self->system, sw_system_unref);
  g_clear_pointer (&self->campbell, sw_campbell_free);
  G_OBJECT_CLASS (sw_campbell_view_parent_class)->dispose (object);
}

static void
sw_campbell_view_finalize (GObject *object)
{
  SwCampbellView *self = SW_CAMPBELL_VIEW (object);

  g_array_unref (self->orders);
  g_clear_error (&self->error);
  g_free (self->title);
  g_free (self->note);
  G_OBJECT_CLASS (sw_campbell_view_parent_class)->finalize (object);
}

static void
sw_campbell_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SwCampbellView *self = SW_CAMPBELL_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHAFT: g_value_set_string (value, selected_shaft (self)); break;
    case PROP_FROM_RPM: g_value_set_double (value, self->from_rpm); break;
    case PROP_TO_RPM: g_value_set_double (value, self->to_rpm); break;
    case PROP_FRICTION: g_value_set_uint (value, self->friction); break;
    case PROP_AT_CURSOR: g_value_set_boolean (value, sw_campbell_view_get_at_cursor (self)); break;
    case PROP_BUSY: g_value_set_boolean (value, self->job != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_campbell_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SwCampbellView *self = SW_CAMPBELL_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHAFT: sw_campbell_view_set_shaft (self, g_value_get_string (value)); break;
    case PROP_FROM_RPM: sw_campbell_view_set_speed_range (self, g_value_get_double (value), self->to_rpm); break;
    case PROP_TO_RPM: sw_campbell_view_set_speed_range (self, self->from_rpm, g_value_get_double (value)); break;
    case PROP_FRICTION: sw_campbell_view_set_friction (self, (SwLinearFriction) g_value_get_uint (value)); break;
    case PROP_AT_CURSOR: sw_campbell_view_set_at_cursor (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The style's colours are known once its CSS applies. */
static void
sw_campbell_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (sw_campbell_view_parent_class)->css_changed (widget, change);
  update_colors ((SwCampbellView *) widget);
}

static void
sw_campbell_view_class_init (SwCampbellViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_campbell_view_dispose;
  object_class->finalize = sw_campbell_view_finalize;
  object_class->get_property = sw_campbell_view_get_property;
  object_class->set_property = sw_campbell_view_set_property;
  widget_class->css_changed = sw_campbell_view_css_changed;

  properties[PROP_SHAFT] = g_param_spec_string ("shaft", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FROM_RPM] = g_param_spec_double ("from-rpm", NULL, NULL, 0, SW_CAMPBELL_MAX_RPM, 0,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TO_RPM] = g_param_spec_double ("to-rpm", NULL, NULL, 0, SW_CAMPBELL_MAX_RPM, 3000,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The friction elements' state (SwLinearFriction). */
  /* The page's "At the plot's cursor": the caller sets the time. */
  properties[PROP_AT_CURSOR] = g_param_spec_boolean ("at-cursor", NULL, NULL, FALSE,
                                                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRICTION] = g_param_spec_uint ("friction", NULL, NULL, 0, SW_LINEAR_FRICTION_LAST, 0,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A crossing was selected: its mode, 1-based as in the table and the modal table. */
  signals[MODE_SELECTED] = g_signal_new ("mode-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[COMPUTED] = g_signal_new ("computed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  if (sw_ui_get_resource () == NULL)
    g_critical ("the ui resources are missing");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/shaftwork/Shaftwork/ui/sw-campbell-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, controls);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, shaft_drop);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, from_entry);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, to_entry);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, orders_entry);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, friction_drop);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, at_cursor_check);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, spinner);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, area);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, paned);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, table);
  gtk_widget_class_bind_template_child (widget_class, SwCampbellView, status);
  gtk_widget_class_set_css_name (widget_class, "swcampbellview");
}

static void
sw_campbell_view_init (SwCampbellView *self)
{
  static const double one = 1;
  GtkGesture *click;

  self->stream = (SwPlotWidgetStream) SW_PLOT_WIDGET_STREAM_INIT;
  self->from_rpm = 0;
  self->to_rpm = 3000;
  self->orders = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_val (self->orders, one);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->shafts = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->shaft_drop, G_LIST_MODEL (self->shafts));
  gtk_drop_down_set_selected (self->shaft_drop, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->shaft_drop, "notify::selected", G_CALLBACK (on_shaft_selected), self);

  self->rows = g_list_store_new (SW_TYPE_CAMPBELL_CROSSING);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selection), self);
  gtk_column_view_set_model (self->table, GTK_SELECTION_MODEL (self->selection));
  add_column (self, _("Speed [rpm]"), COL_SPEED, FALSE);
  add_column (self, C_("campbell table", "Order"), COL_ORDER, FALSE);
  add_column (self, C_("campbell table", "Mode"), COL_MODE, FALSE);
  add_column (self, _("f [Hz]"), COL_FREQUENCY, FALSE);
  add_column (self, _("Most excitable section"), COL_SECTION, TRUE);

  show_range (self);
  set_entry_text (self, self->orders_entry, "1");
  g_signal_connect_swapped (self->from_entry, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect_swapped (self->to_entry, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect_swapped (self->orders_entry, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect_swapped (self->from_entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->to_entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->orders_entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->friction_drop, "notify::selected", G_CALLBACK (on_friction_selected), self);
  g_signal_connect_swapped (self->at_cursor_check, "toggled", G_CALLBACK (on_at_cursor_toggled), self);

  g_signal_connect_swapped (self->paned, "notify::max-position", G_CALLBACK (place_table_later), self);
  gtk_drawing_area_set_draw_func (self->area, _sw_campbell_view_draw_area, self, NULL);
  click = gtk_gesture_click_new ();
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (_sw_campbell_view_on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  sw_plot_widget_follow_style (GTK_WIDGET (self), G_CALLBACK (update_colors));
  update_colors (self);
}
