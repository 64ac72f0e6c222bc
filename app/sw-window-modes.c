/* sw-window-modes.c: the Modes page until the modes view widget
 * (ui/sw-modes-view.*) lands: a GtkColumnView over a list of small
 * objects, one per mode, fed by the SwModes the window computes after
 * every edit (Live) or on demand (F6); the operating point is t = 0 or the
 * time under the trajectory cursor.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <math.h>

/* One mode as the table shows it. */
#define SW_TYPE_MODE_ROW (sw_mode_row_get_type ())
G_DECLARE_FINAL_TYPE (SwModeRow, sw_mode_row, SW, MODE_ROW, GObject)

enum {
  COLUMN_INDEX,
  COLUMN_FREQUENCY,
  COLUMN_DAMPED,
  COLUMN_RATIO,
  COLUMN_SECTION,
  N_COLUMNS
};

struct _SwModeRow
{
  GObject  parent_instance;
  char    *text[N_COLUMNS];
};

G_DEFINE_FINAL_TYPE (SwModeRow, sw_mode_row, G_TYPE_OBJECT)

static void
sw_mode_row_finalize (GObject *object)
{
  SwModeRow *self = SW_MODE_ROW (object);

  for (guint i = 0; i < N_COLUMNS; i++)
    g_free (self->text[i]);
  G_OBJECT_CLASS (sw_mode_row_parent_class)->finalize (object);
}

static void
sw_mode_row_class_init (SwModeRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sw_mode_row_finalize;
}

static void
sw_mode_row_init (SwModeRow *self)
{
}

static SwModeRow *
mode_row_new (const SwModes *modes,
              guint          index)
{
  SwModeRow *row = g_object_new (SW_TYPE_MODE_ROW, NULL);
  const SwMode *mode = sw_modes_get_mode (modes, index);

  row->text[COLUMN_INDEX] = g_strdup_printf ("%u", index + 1);
  if (mode->rigid_body)
    row->text[COLUMN_FREQUENCY] = g_strdup (_("rigid body"));
  else
    row->text[COLUMN_FREQUENCY] = g_strdup_printf (_("%.4g Hz"), mode->frequency_hz);
  if (mode->has_damped && mode->damped_frequency_hz > 0)
    row->text[COLUMN_DAMPED] = g_strdup_printf (_("%.4g Hz"), mode->damped_frequency_hz);
  else if (mode->overdamped)
    row->text[COLUMN_DAMPED] = g_strdup (_("overdamped"));
  else
    row->text[COLUMN_DAMPED] = g_strdup ("—");
  if (mode->has_damped && !isnan (mode->damping_ratio))
    row->text[COLUMN_RATIO] = g_strdup_printf ("%.3g", mode->damping_ratio);
  else
    row->text[COLUMN_RATIO] = g_strdup ("—");
  if (mode->most_excitable_section >= 0)
    row->text[COLUMN_SECTION] =
      g_strdup (sw_modes_get_section_part (modes, (guint) mode->most_excitable_section)->id);
  else
    row->text[COLUMN_SECTION] = g_strdup ("—");
  return row;
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  data)
{
  guint column = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_SECTION ? 0 : 1);
  if (column != COLUMN_SECTION)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         gpointer                  data)
{
  SwModeRow *row = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       row->text[GPOINTER_TO_UINT (data)]);
}

void
_sw_window_modes_set (SwWindow *self,
                      SwModes  *modes)
{
  if (self->modes_store == NULL)
    return;
  if (modes != NULL)
    sw_modes_ref (modes);
  g_clear_pointer (&self->modes, sw_modes_unref);
  self->modes = modes;
  g_list_store_remove_all (self->modes_store);
  if (modes == NULL)
    {
      gtk_label_set_label (self->modes_summary,
                           _("The natural frequencies appear here after a run (Modes: F6)."));
      return;
    }
  {
    guint n = sw_modes_get_n_modes (modes);
    g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
    g_autofree char *summary = NULL;

    for (guint i = 0; i < n; i++)
      g_ptr_array_add (rows, mode_row_new (modes, i));
    g_list_store_splice (self->modes_store, 0, 0, rows->pdata, rows->len);
    if (sw_modes_get_time (modes) > 0)
      summary = g_strdup_printf (ngettext ("%u mode, linearised at the state at t = %g s (the plot’s cursor).",
                                           "%u modes, linearised at the state at t = %g s (the plot’s cursor).",
                                           n),
                                 n, sw_modes_get_time (modes));
    else
      summary = g_strdup_printf (ngettext ("%u mode, linearised at the initial state (t = 0).",
                                           "%u modes, linearised at the initial state (t = 0).", n),
                                 n);
    gtk_label_set_label (self->modes_summary, summary);
  }
}

static void
at_cursor_toggled_cb (GtkCheckButton *button,
                      SwWindow       *self)
{
  self->modes_at_cursor = gtk_check_button_get_active (button);
  if (self->check_ok)
    _sw_window_start_modes (self);
}

void
_sw_window_modes_init (SwWindow *self)
{
  static const char *const titles[N_COLUMNS] = {
    N_("Mode"), N_("Frequency"), N_("Damped frequency"), N_("Damping ratio"),
    N_("Most excitable section"),
  };
  GtkWidget *at_cursor;
  g_autoptr(GtkNoSelection) selection = NULL;

  self->modes_store = g_list_store_new (SW_TYPE_MODE_ROW);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->modes_store)));
  gtk_column_view_set_model (self->modes_column_view, GTK_SELECTION_MODEL (selection));
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GUINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GUINT_TO_POINTER (c));
      column = gtk_column_view_column_new (_(titles[c]), factory);
      gtk_column_view_column_set_expand (column, c == COLUMN_SECTION);
      gtk_column_view_append_column (self->modes_column_view, column);
      g_object_unref (column);
    }

  at_cursor = gtk_check_button_new_with_mnemonic (_("At the plot’s _cursor (else at t = 0)"));
  gtk_widget_set_margin_start (at_cursor, 12);
  gtk_widget_set_margin_bottom (at_cursor, 6);
  g_signal_connect_object (at_cursor, "toggled", G_CALLBACK (at_cursor_toggled_cb), self, 0);
  gtk_box_insert_child_after (self->modes_page, at_cursor, GTK_WIDGET (self->modes_summary));
  _sw_window_modes_set (self, NULL);
}

void
_sw_window_modes_dispose (SwWindow *self)
{
  g_clear_pointer (&self->modes, sw_modes_unref);
  g_clear_object (&self->modes_store);
}
