/* sw-study-view-table.c: the Study page's table of runs, and the same
 * table as shaftwork-cli study's CSV (sw-study-view-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-study-view-private.h"

#include <inttypes.h>
#include <math.h>
#include <glib/gi18n.h>

#include "sw-number.h"

static char *
cell_text (SwStudyView *self, guint64 run, guint column)
{
  SwStudyData *d = self->study;
  char *text = NULL;

  if (d == NULL)
    return g_strdup ("");
  if (column == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, run);
  if (column <= d->n_params)
    return g_strdup_printf ("%.6g", sw_study_design_get_value (d->design, run, column - 1));
  g_mutex_lock (&d->lock);
  if (run < d->n_done)
    {
      const char *err = g_ptr_array_index (d->errors, run);

      if (column - 1 - d->n_params < d->n_outputs)
        text = err != NULL ? g_strdup ("–")
                           : g_strdup_printf ("%.6g", g_array_index (d->values, double, run * d->n_outputs + column - 1 - d->n_params));
      else
        text = g_strdup (err != NULL ? err : "");
    }
  g_mutex_unlock (&d->lock);
  return text != NULL ? text : g_strdup ("");
}

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  SwStudyView *self = g_object_get_data (G_OBJECT (factory), "sw-view");
  GtkStringObject *row = gtk_list_item_get_item (item);
  guint64 run = g_ascii_strtoull (gtk_string_object_get_string (row), NULL, 10);
  g_autofree char *text = cell_text (self, run, GPOINTER_TO_UINT (data));

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

void
_sw_study_view_rebuild_columns (SwStudyView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->table);
  guint n;

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr (GtkColumnViewColumn) c = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->table, c);
    }
  if (self->study == NULL)
    return;
  n = 1 + self->study->n_params + self->study->n_outputs + 1;
  for (guint k = 0; k < n; k++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      const char *title = k == 0 ? C_("study table", "Run")
                          : k <= self->study->n_params ? sw_study_design_get_name (self->study->design, k - 1)
                          : k < n - 1 ? sw_study_outputs_get_name (self->study->outputs, k - 1 - self->study->n_params)
                          : C_("study table", "Error");
      GtkColumnViewColumn *c;

      g_object_set_data (G_OBJECT (factory), "sw-view", self);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (k));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (k));
      c = gtk_column_view_column_new (title, factory);
      gtk_column_view_column_set_resizable (c, TRUE);
      gtk_column_view_append_column (self->table, c);
      g_object_unref (c);
    }
  _sw_study_view_schedule_fit (self);
}

/* ---- The divider ------------------------------------------------------------ */

#define TABLE_MAX_SHARE 0.6
#define SCROLLBAR_ROOM  16  /* the vertical scroll bar beside the columns */

int
_sw_study_view_get_table_width (SwStudyView *self, int *wanted)
{
  int natural = 0;

  gtk_widget_measure (GTK_WIDGET (self->table), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  if (wanted != NULL)
    *wanted = natural + SCROLLBAR_ROOM;
  return gtk_widget_get_width (self->table_scroller);
}

static gboolean
fit_table_cb (gpointer data)
{
  SwStudyView *self = data;
  int max = 0, position, wanted = 0, want;

  self->fit_source = 0;
  g_object_get (self->paned, "max-position", &max, NULL);
  position = gtk_paned_get_position (self->paned);
  if (max <= 0)
    return G_SOURCE_REMOVE;
  /* Moved by hand (not where the view put it, nor that clamped). */
  if (self->fit_position > 0 && position != self->fit_position && position != MIN (self->fit_position, max))
    {
      self->fit_position = -1;
      return G_SOURCE_REMOVE;
    }
  _sw_study_view_get_table_width (self, &wanted);
  /* The table gets what is right of the divider's handle: max - position. */
  want = MAX (max - wanted, (int) ceil ((1.0 - TABLE_MAX_SHARE) * max));
  want = CLAMP (want, 0, max);
  if (want != position)
    gtk_paned_set_position (self->paned, want);
  self->fit_position = want;
  return G_SOURCE_REMOVE;
}

void
_sw_study_view_schedule_fit (SwStudyView *self)
{
  if (self->fit_source != 0 || self->fit_position < 0)
    return;
  self->fit_source = g_idle_add (fit_table_cb, self);
  g_source_set_name_by_id (self->fit_source, "[shaftwork] study table width");
}

char *
sw_study_view_dup_csv (SwStudyView *self)
{
  SwStudyData *d;
  GString *s;
  char buf[SW_NUMBER_BUF_SIZE];

  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), NULL);

  d = self->study;
  if (d == NULL)
    return NULL;
  s = g_string_new (NULL);
  sw_study_csv_append_header (s, d->design, d->outputs);
  g_mutex_lock (&d->lock);
  for (guint64 run = 0; run < d->n_done; run++)
    {
      const char *err = g_ptr_array_index (d->errors, run);

      g_string_append_printf (s, "%" G_GUINT64_FORMAT, run);
      for (guint k = 0; k < d->n_params; k++)
        g_string_append_printf (s, ",%s", sw_format_number (buf, sw_study_design_get_value (d->design, run, k)));
      for (guint i = 0; i < d->n_outputs; i++)
        {
          g_string_append_c (s, ',');
          if (err == NULL)
            g_string_append (s, sw_format_number (buf, g_array_index (d->values, double, run * d->n_outputs + i)));
        }
      g_string_append_c (s, ',');
      if (err != NULL)
        sw_study_csv_append_cell (s, err);
      g_string_append_c (s, '\n');
    }
  g_mutex_unlock (&d->lock);
  return g_string_free (s, FALSE);
}

