/* sw-inspector-table-lines.c: the lines of a table row: one entry per
 * column and a remove button each, made, numbered and removed; the cells'
 * callbacks; the model's table shown in them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-table-row-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-inspector-number-row.h"

/* Lines */

static void
cell_changed_cb (GtkEditable         *cell,
                 SwInspectorTableRow *self)
{
  if (self->syncing)
    return;
  self->pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  _sw_inspector_table_row_update (self);
}

static void
cell_activate_cb (GtkEntry            *cell,
                  SwInspectorTableRow *self)
{
  _sw_inspector_table_row_commit (self);
}

static void
cell_leave_cb (GtkEventControllerFocus *focus,
               SwInspectorTableRow     *self)
{
  _sw_inspector_table_row_commit (self);
}

static void
remove_clicked_cb (GtkButton           *button,
                   SwInspectorTableRow *self)
{
  for (guint i = 0; i < self->lines->len; i++)
    if (_sw_inspector_table_row_line_at (self, i)->remove == GTK_WIDGET (button))
      {
        sw_inspector_table_row_remove_row (self, i);
        return;
      }
}

void
_sw_inspector_table_row_set_child_name (SwInspectorTableRow *self,
                                        GtkWidget           *widget,
                                        const char          *format,
                                        ...)
{
  g_autofree char *what = NULL;
  g_autofree char *name = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  name = g_strconcat (self->param, ".", what, NULL);
  gtk_widget_set_name (widget, name);
}

void
_sw_inspector_table_row_line_free (gpointer data)
{
  Line *line = data;

  for (guint j = 0; j < MAX_COLUMNS; j++)
    g_free (line->shown_text[j]);
  g_free (line);
}

/* A box of a box of one widget per column, all as wide (homogeneous),
 * and one for the remove button, so that the header and the lines line
 * up whatever the columns' names. *columns: where the columns go. */
GtkWidget *
_sw_inspector_table_row_new_line_box (GtkWidget **columns)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (*columns), TRUE);
  gtk_widget_set_hexpand (*columns, TRUE);
  gtk_box_append (GTK_BOX (box), *columns);
  return box;
}

static void
renumber (SwInspectorTableRow *self)
{
  for (guint i = 0; i < self->lines->len; i++)
    {
      Line *line = _sw_inspector_table_row_line_at (self, i);
      g_autofree char *label = g_strdup_printf (_("Remove row %u"), i + 1);

      _sw_inspector_table_row_set_child_name (self, line->row, "row%u", i);
      _sw_inspector_table_row_set_child_name (self, line->remove, "remove%u", i);
      gtk_widget_set_tooltip_text (line->remove, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (line->remove), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
        {
          g_autofree char *cell_label = g_strdup_printf (_("Row %u, %s"), i + 1, self->desc->columns[j].name);

          _sw_inspector_table_row_set_child_name (self, line->cells[j], "%u.%s", i, self->desc->columns[j].name);
          gtk_accessible_update_property (GTK_ACCESSIBLE (line->cells[j]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          cell_label, -1);
        }
    }
}

/* Appends a line of cells (empty); the rows after it (add, error, plot)
 * are moved behind it. */
Line *
_sw_inspector_table_row_append_line (SwInspectorTableRow *self)
{
  Line *line = g_new0 (Line, 1);
  GtkWidget *cells;
  GtkWidget *box = _sw_inspector_table_row_new_line_box (&cells);

  for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
    {
      GtkWidget *cell = gtk_entry_new ();
      GtkEventController *focus = gtk_event_controller_focus_new ();

      gtk_editable_set_width_chars (GTK_EDITABLE (cell), 5);
      gtk_editable_set_alignment (GTK_EDITABLE (cell), 1);
      gtk_widget_set_hexpand (cell, TRUE);
      g_signal_connect (cell, "changed", G_CALLBACK (cell_changed_cb), self);
      g_signal_connect (cell, "activate", G_CALLBACK (cell_activate_cb), self);
      g_signal_connect (focus, "leave", G_CALLBACK (cell_leave_cb), self);
      gtk_widget_add_controller (cell, focus);
      gtk_box_append (GTK_BOX (cells), cell);
      line->cells[j] = cell;
    }
  line->remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  gtk_widget_add_css_class (line->remove, "flat");
  gtk_widget_set_valign (line->remove, GTK_ALIGN_CENTER);
  g_signal_connect (line->remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), line->remove);

  line->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (line->row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (line->row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (line->row), box);

  /* Keep the rows below the lines below. */
  g_object_ref (self->add_row);
  g_object_ref (self->error_row);
  g_object_ref (self->preview_row);
  adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->add_row);
  adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->error_row);
  adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->preview_row);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), line->row);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->add_row);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->error_row);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->preview_row);
  g_object_unref (self->add_row);
  g_object_unref (self->error_row);
  g_object_unref (self->preview_row);

  g_ptr_array_add (self->lines, line);
  renumber (self);
  return line;
}

void
_sw_inspector_table_row_remove_line (SwInspectorTableRow *self,
                                     guint                i)
{
  Line *line = _sw_inspector_table_row_line_at (self, i);

  adw_expander_row_remove (ADW_EXPANDER_ROW (self), line->row);
  g_ptr_array_remove_index (self->lines, i);
  renumber (self);
}

/* The model's table in the cells, as many lines as it has rows. */
void
_sw_inspector_table_row_show_table (SwInspectorTableRow *self)
{
  guint n = sw_table_get_n_rows (self->shown);

  self->syncing = TRUE;
  while (self->lines->len > n)
    _sw_inspector_table_row_remove_line (self, self->lines->len - 1);
  while (self->lines->len < n)
    _sw_inspector_table_row_append_line (self);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
      {
        Line *line = _sw_inspector_table_row_line_at (self, i);
        GtkEditable *cell = GTK_EDITABLE (line->cells[j]);

        g_free (line->shown_text[j]);
        line->shown_text[j] = _sw_inspector_table_row_format_cell (self, j, sw_table_get (self->shown, i, j));
        line->shown_value[j] = sw_table_get (self->shown, i, j);
        if (strcmp (gtk_editable_get_text (cell), line->shown_text[j]) != 0)
          gtk_editable_set_text (cell, line->shown_text[j]);
      }
  self->syncing = FALSE;
}
