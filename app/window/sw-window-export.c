/* sw-window-export.c: export of the results: the plot as PNG, SVG or PDF
 * (by the extension, PNG without one), the plotted variables (in the
 * plotted order) or all of them as CSV, after a file chooser
 * (win.export-plot, win.export-csv).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "sw-error.h"

/* ---- Export ----------------------------------------------------------------- */

/* A trajectory of the plotted columns alone, in the plotted order. */
static SwTrajectory *
dup_plotted_trajectory (SwWindow *self)
{
  g_auto(GStrv) columns = sw_plot_view_dup_columns (self->plot_view);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) units = g_strv_builder_new ();
  g_autoptr(GArray) index = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree double *rows = NULL;
  SwTrajectory *out;
  const double *times = sw_trajectory_get_times (self->trajectory);
  guint n_rows = sw_trajectory_get_n_rows (self->trajectory);

  for (guint i = 0; columns != NULL && columns[i] != NULL; i++)
    {
      int c = sw_trajectory_find_column (self->trajectory, columns[i]);
      guint u;

      if (c < 0)
        continue;
      u = (guint) c;
      g_array_append_val (index, u);
      g_strv_builder_add (names, columns[i]);
      g_strv_builder_add (units, sw_trajectory_get_column_unit (self->trajectory, u));
    }
  /* The trajectory takes the names and units. */
  out = sw_trajectory_new_sized (g_strv_builder_end (names), g_strv_builder_end (units), MAX (n_rows, 1));
  sw_trajectory_set_x_axis (out, sw_trajectory_get_x_name (self->trajectory),
                            sw_trajectory_get_x_unit (self->trajectory));
  /* Column by column (a run's trajectory makes a column when it is first
   * asked for and may drop it when others are made), then row by row. */
  rows = g_new0 (double, MAX ((gsize) n_rows * index->len, 1));
  for (guint k = 0; k < index->len; k++)
    {
      const double *values = sw_trajectory_get_column (self->trajectory, g_array_index (index, guint, k));

      for (guint r = 0; r < n_rows; r++)
        rows[(gsize) r * index->len + k] = values[r];
    }
  for (guint r = 0; r < n_rows; r++)
    sw_trajectory_append_row (out, times[r], rows + (gsize) r * index->len);
  return out;
}

/* Writes what ("plot": the plot as PNG, SVG or PDF by the extension, a
 * PNG without one; "plotted" or "all": those variables as CSV) of the
 * shown run to path. Returns the path written (with ".png" added to a plot
 * without an extension), or NULL and an error. */
char *
_sw_window_export_to_path (SwWindow    *self,
                           const char  *what,
                           const char  *path,
                           GError     **error)
{
  g_autofree char *out = NULL;
  gboolean ok;

  g_return_val_if_fail (SW_IS_WINDOW (self), NULL);
  g_return_val_if_fail (what != NULL, NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->trajectory == NULL)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, _("There is no run to export"));
      return NULL;
    }
  out = g_strdup (path);
  if (g_str_equal (what, "plot"))
    {
      int width = gtk_widget_get_width (GTK_WIDGET (self->plot_view));
      int height = gtk_widget_get_height (GTK_WIDGET (self->plot_view));

      /* Without an extension: a PNG. */
      if (strrchr (out, '.') == NULL || strrchr (out, '.') < strrchr (out, G_DIR_SEPARATOR))
        {
          char *png = g_strconcat (out, ".png", NULL);

          g_free (out);
          out = png;
        }
      ok = sw_plot_view_export (self->plot_view, out, MAX (width, 800), MAX (height, 500), error);
    }
  else if (g_str_equal (what, "plotted"))
    {
      g_autoptr(SwTrajectory) plotted = dup_plotted_trajectory (self);

      ok = sw_trajectory_write_csv (plotted, out, error);
    }
  else
    ok = sw_trajectory_write_csv (self->trajectory, out, error);
  return ok ? g_steal_pointer (&out) : NULL;
}

static void
export_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    SwWindow        *self)
{
  const char *what = g_object_get_data (G_OBJECT (chooser), "what");

  if (response == GTK_RESPONSE_ACCEPT && self->trajectory != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *written = NULL;
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                             _("Only local files can be written"));
      else
        written = _sw_window_export_to_path (self, what, path, &error);

      if (written != NULL)
        {
          g_autofree char *base = g_path_get_basename (written);
          g_autofree char *text = g_strdup_printf (_("Exported to %s"), base);

          _sw_window_show_toast (self, text);
        }
      else
        _sw_window_show_error_dialog (self, _("Could Not Export"), error->message);
    }
  gtk_native_dialog_destroy (chooser);
  if (self->export_chooser == chooser)
    g_clear_object (&self->export_chooser);
}

static void
add_filter (GtkFileChooser *chooser,
            const char     *name,
            const char     *pattern)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
open_export_chooser (SwWindow   *self,
                     const char *what,
                     const char *title,
                     const char *suggested)
{
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;

  if (self->export_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->export_chooser);
      g_clear_object (&self->export_chooser);
    }
  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  name = g_strdup_printf ("%s%s", self->title_text != NULL ? self->title_text : "results", suggested);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  if (g_str_equal (what, "plot"))
    {
      add_filter (GTK_FILE_CHOOSER (chooser), _("PNG Images"), "*.png");
      add_filter (GTK_FILE_CHOOSER (chooser), _("SVG Drawings"), "*.svg");
      add_filter (GTK_FILE_CHOOSER (chooser), _("PDF Documents"), "*.pdf");
    }
  else
    add_filter (GTK_FILE_CHOOSER (chooser), _("CSV Tables"), "*.csv");
  g_object_set_data_full (G_OBJECT (chooser), "what", g_strdup (what), g_free);
  g_signal_connect_object (chooser, "response", G_CALLBACK (export_response_cb), self, 0);
  self->export_chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->export_chooser);
}

void
_sw_window_export_plot (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  open_export_chooser (SW_WINDOW (widget), "plot", _("Export the Plot"), ".png");
}

void
_sw_window_export_csv (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  const char *what = g_variant_get_string (param, NULL);

  open_export_chooser (SW_WINDOW (widget), g_str_equal (what, "all") ? "all" : "plotted",
                       g_str_equal (what, "all") ? _("Export All Variables")
                                                 : _("Export the Plotted Variables"),
                       ".csv");
}
