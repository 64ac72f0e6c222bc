/* sw-window-events.c: the event log of the last run (friction mode
 * changes) in the results area, below the variables list: a table of time,
 * component and change, shown only when the run had events. Activating a
 * row (a click, Enter) moves the plot's cursor to its time.
 *
 * The worker collects the events through SwSimulateOptions.on_mode_change
 * into a GArray of its own (sw-window-jobs.c) and hands it to the main
 * thread with the trajectory; the window keeps it with the run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>

#include "sw-event-log.h"

/* ---- A row: one mode change ----------------------------------------------- */

#define SW_TYPE_EVENT_ITEM (sw_event_item_get_type ())
G_DECLARE_FINAL_TYPE (SwEventItem, sw_event_item, SW, EVENT_ITEM, GObject)

struct _SwEventItem {
  GObject  parent_instance;
  double   t;
  char    *time_text;
  char    *id;
  char    *change_text;
};

G_DEFINE_FINAL_TYPE (SwEventItem, sw_event_item, G_TYPE_OBJECT)

static void
sw_event_item_finalize (GObject *object)
{
  SwEventItem *self = SW_EVENT_ITEM (object);

  g_free (self->time_text);
  g_free (self->id);
  g_free (self->change_text);
  G_OBJECT_CLASS (sw_event_item_parent_class)->finalize (object);
}

static void
sw_event_item_class_init (SwEventItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sw_event_item_finalize;
}

static void
sw_event_item_init (SwEventItem *self)
{
}

static SwEventItem *
sw_event_item_new (const SwEventLogEntry *e)
{
  SwEventItem *self = g_object_new (SW_TYPE_EVENT_ITEM, NULL);

  self->t = e->t;
  /* Seven digits tell events a microsecond apart (the CLI's --events
   * gives every digit). Translators: a time in the event list, in s. */
  self->time_text = g_strdup_printf (_("%.7g s"), e->t);
  self->id = g_strdup (e->id);
  self->change_text = sw_event_dup_change (e->old_mode, e->new_mode);
  return self;
}

/* ---- The table ---------------------------------------------------------- */

typedef enum { COLUMN_TIME, COLUMN_COMPONENT, COLUMN_CHANGE } Column;

static void
cell_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);
  Column column = GPOINTER_TO_INT (data);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_TIME ? 1.0f : 0.0f);
  if (column == COLUMN_TIME)
    gtk_widget_add_css_class (label, "numeric");
  /* The change takes what the 280 px column leaves, its full text in the
   * tooltip (the longest ones made the table scroll sideways). */
  if (column == COLUMN_CHANGE)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 6);
    }
  gtk_list_item_set_child (item, label);
}

static void
cell_bind (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  SwEventItem *event = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));

  switch ((Column) GPOINTER_TO_INT (data))
    {
    case COLUMN_TIME:
      gtk_label_set_label (label, event->time_text);
      break;
    case COLUMN_COMPONENT:
      gtk_label_set_label (label, event->id);
      break;
    case COLUMN_CHANGE:
      gtk_label_set_label (label, event->change_text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), event->change_text);
      break;
    }
}

static void
add_column (GtkColumnView *view,
            const char    *title,
            Column         column,
            gboolean       expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) c = NULL;

  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), GINT_TO_POINTER (column));
  c = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (c, expand);
  gtk_column_view_append_column (view, c);
}

static void
events_activate_cb (SwWindow *self,
                    guint     position)
{
  g_autoptr(SwEventItem) event = g_list_model_get_item (G_LIST_MODEL (self->event_items), position);

  if (event == NULL)
    return;
  /* The cursor keeps the time: its read-outs are the values there. */
  sw_plot_view_set_cursor (self->plot_view, event->t);
}

/* The list as tall as its rows (up to the scrolled window's maximum), the
 * variables list keeping at least half. */
static void
place_events (SwWindow *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self->events_paned));
  int natural = 0;

  if (!self->events_place_pending || height <= 0 || !gtk_widget_get_visible (GTK_WIDGET (self->events_box)))
    return;
  self->events_place_pending = FALSE;
  gtk_widget_measure (GTK_WIDGET (self->events_box), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  gtk_paned_set_position (self->events_paned, MAX (height / 2, height - natural));
}

void
_sw_window_events_set (SwWindow *self,
                       GArray   *events)
{
  guint n = events != NULL ? events->len : 0, n_changes = 0;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_clear_pointer (&self->events, g_array_unref);
  if (events != NULL)
    self->events = g_array_ref (events);
  for (guint i = 0; i < n; i++)
    {
      g_ptr_array_add (items, sw_event_item_new (&g_array_index (events, SwEventLogEntry, i)));
      n_changes += g_array_index (events, SwEventLogEntry, i).old_mode != SW_FRICTION_START;
    }
  g_list_store_splice (self->event_items, 0, g_list_model_get_n_items (G_LIST_MODEL (self->event_items)),
                       items->pdata, items->len);
  if (n > 0)
    {
      /* Translators: the heading of the event list (friction mode changes,
       * below the modes at the start). */
      g_autofree char *heading = n_changes == 0
        /* Translators: the heading of the event list when the run only has its starting modes. */
        ? g_strdup (_("No Events"))
        : g_strdup_printf (ngettext ("%u Event", "%u Events", n_changes), n_changes);
      g_autofree char *starts = NULL;

      gtk_label_set_label (self->events_heading, heading);
      /* Translators: after the event count, the rows of the modes the
       * run starts in, which the count leaves out: “7 Events  and 2 starting modes” */
      if (n > n_changes)
        starts = g_strdup_printf (ngettext ("and %u starting mode", "and %u starting modes", n - n_changes),
                                  n - n_changes);
      gtk_label_set_label (self->events_starts, starts != NULL ? starts : "");
      gtk_widget_set_visible (GTK_WIDGET (self->events_starts), starts != NULL);
    }
  if (n > 0 && !gtk_widget_get_visible (GTK_WIDGET (self->events_box)))
    {
      /* Coming in: room for its rows, now or once the pane has a height.
       * The divider then stays where the user puts it while runs come
       * and go. */
      gtk_widget_set_visible (GTK_WIDGET (self->events_box), TRUE);
      self->events_place_pending = TRUE;
      place_events (self);
    }
  else if (n == 0)
    gtk_widget_set_visible (GTK_WIDGET (self->events_box), FALSE);
}

guint
_sw_window_events_get_n (SwWindow *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->event_items));
}

void
_sw_window_events_init (SwWindow *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;

  self->event_items = g_list_store_new (SW_TYPE_EVENT_ITEM);
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->event_items)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (self->events_view, GTK_SELECTION_MODEL (selection));
  /* Translators: the columns of the event list: when, which component,
   * its friction mode before → after. */
  add_column (self->events_view, C_("event list", "Time"), COLUMN_TIME, FALSE);
  add_column (self->events_view, C_("event list", "Component"), COLUMN_COMPONENT, FALSE);
  add_column (self->events_view, C_("event list", "Change"), COLUMN_CHANGE, TRUE);
  g_signal_connect_object (self->events_view, "activate", G_CALLBACK (events_activate_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->events_paned, "notify::max-position", G_CALLBACK (place_events), self,
                           G_CONNECT_SWAPPED);
}

void
_sw_window_events_dispose (SwWindow *self)
{
  g_clear_pointer (&self->events, g_array_unref);
  g_clear_object (&self->event_items);
}
