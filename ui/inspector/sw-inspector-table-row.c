/* sw-inspector-table-row.c: the rows of a table parameter, and its plot.
 *
 * The cells' texts are what is edited. A cell whose text is still the one
 * shown for the model's value stands for that value exactly (the text is
 * rounded to 6 digits); any other text is read as typed, in the unit shown.
 * The core checks the table again when it is set, and has the last word
 * (the number scale, a kind's own checks): its message is shown on the row.
 *
 * The lines of cells are made in sw-inspector-table-lines.c, the plot drawn
 * in sw-inspector-table-preview.c (sw-inspector-table-row-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-table-row.h"
#include "sw-inspector-table-row-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-error.h"
#include "sw-inspector-number-row.h"
#include "sw-table-csv.h"

#define PREVIEW_HEIGHT 120
/* With a legend below. */
#define PREVIEW_HEIGHT_SEVERAL 150

G_DEFINE_FINAL_TYPE (SwInspectorTableRow, sw_inspector_table_row, ADW_TYPE_EXPANDER_ROW)

enum {
  TABLE_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Units */

const char *
_sw_inspector_table_row_column_display_unit (SwInspectorTableRow *self,
                                             guint                column,
                                             double              *scale)
{
  return sw_inspector_display_unit (self->desc->columns[column].unit, self->speed_unit, self->angle_unit, scale);
}

static char *
column_title (SwInspectorTableRow *self,
              guint                column)
{
  const char *unit = _sw_inspector_table_row_column_display_unit (self, column, NULL);
  g_autofree char *text = sw_inspector_dup_unit_text (unit);

  if (text[0] == '\0')
    return g_strdup (self->desc->columns[column].name);
  /* Several columns are narrow: the unit under the name. */
  if (self->desc->n_columns > 2)
    return g_strdup_printf ("%s\n[%s]", self->desc->columns[column].name, text);
  return g_strdup_printf ("%s [%s]", self->desc->columns[column].name, text);
}

/* Cells */

guint
_sw_inspector_table_row_n_columns (SwInspectorTableRow *self)
{
  return self->desc->n_columns;
}

/* A table of several value columns (a lossy gear's loss table), read at
 * the speed's magnitude, rather than one characteristic that friction
 * mirrors for negative speeds. */
gboolean
_sw_inspector_table_row_is_several (SwInspectorTableRow *self)
{
  return _sw_inspector_table_row_n_columns (self) > 2;
}

Line *
_sw_inspector_table_row_line_at (SwInspectorTableRow *self,
                                 guint                i)
{
  return g_ptr_array_index (self->lines, i);
}

/* The value a cell stands for, in SI; NAN unless it is a number. */
static double
cell_value (SwInspectorTableRow *self,
            guint                i,
            guint                j)
{
  Line *line = _sw_inspector_table_row_line_at (self, i);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (line->cells[j]));
  double value, scale;

  if (line->shown_text[j] != NULL && strcmp (text, line->shown_text[j]) == 0)
    return line->shown_value[j];
  if (!sw_inspector_parse_number (text, &value))
    return NAN;
  _sw_inspector_table_row_column_display_unit (self, j, &scale);
  return value * scale;
}

char *
_sw_inspector_table_row_format_cell (SwInspectorTableRow *self,
                                     guint                j,
                                     double               value)
{
  double scale;

  _sw_inspector_table_row_column_display_unit (self, j, &scale);
  return sw_inspector_format_number (value / scale);
}

/* What is wrong with cell (i, j) in the unit shown, or NULL. previous: the
 * first column of the row before (SI), NAN for none. */
static char *
check_cell (SwInspectorTableRow *self,
            guint                i,
            guint                j,
            double               previous)
{
  const SwColumnDesc *col = &self->desc->columns[j];
  double value = cell_value (self, i, j), scale;
  const char *unit = _sw_inspector_table_row_column_display_unit (self, j, &scale);
  g_autofree char *unit_text = sw_inspector_dup_unit_text (unit);
  g_autofree char *range = sw_inspector_dup_range_text (col->name, unit_text, col->min / scale, col->max / scale,
                                                        col->min_exclusive, FALSE);
  gboolean below, above;

  if (isnan (value))
    /* Translators: “Row 2: mue is not a number; valid: mue ≥ 0” */
    return g_strdup_printf (_("Row %u: %s is not a number; valid: %s"), i + 1, col->name, range);
  below = col->min_exclusive ? value <= col->min : value < col->min;
  above = value > col->max;
  if (below || above)
    return g_strdup_printf (_("Row %u: %s is out of range; valid: %s"), i + 1, col->name, range);
  if (j == 0 && !isnan (previous) && !(value > previous))
    {
      g_autofree char *before = _sw_inspector_table_row_format_cell (self, 0, previous);

      return g_strdup_printf (_("Row %u: %s must be larger than in the row before (%s)"), i + 1, col->name, before);
    }
  return NULL;
}

/* Marks every cell; returns the first problem, or NULL when the table is
 * valid. */
static char *
check_cells (SwInspectorTableRow *self)
{
  char *first = NULL;
  double previous = NAN;

  for (guint i = 0; i < self->lines->len; i++)
    {
      Line *line = _sw_inspector_table_row_line_at (self, i);

      for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
        {
          g_autofree char *problem = check_cell (self, i, j, previous);
          GtkWidget *cell = line->cells[j];

          if (problem != NULL)
            {
              gtk_widget_add_css_class (cell, "error");
              gtk_widget_set_tooltip_text (cell, problem);
              if (first == NULL)
                first = g_steal_pointer (&problem);
            }
          else
            {
              gtk_widget_remove_css_class (cell, "error");
              gtk_widget_set_tooltip_text (cell, NULL);
            }
        }
      if (!isnan (cell_value (self, i, 0)))
        previous = cell_value (self, i, 0);
    }
  return first;
}

/* The table the cells describe; NULL unless they are valid. */
static SwTable *
compose (SwInspectorTableRow *self)
{
  g_autofree double *values = NULL;
  g_autofree char *problem = check_cells (self);
  guint nc = _sw_inspector_table_row_n_columns (self);

  if (problem != NULL || self->lines->len == 0)
    return NULL;
  values = g_new (double, (gsize) self->lines->len * nc);
  for (guint i = 0; i < self->lines->len; i++)
    for (guint j = 0; j < nc; j++)
      values[(gsize) i * nc + j] = cell_value (self, i, j);
  return sw_table_new (self->lines->len, nc, values);
}

void
_sw_inspector_table_row_commit (SwInspectorTableRow *self)
{
  g_autoptr(SwTable) table = NULL;

  if (self->syncing || !self->pending)
    return;
  table = compose (self);
  if (table == NULL)
    return;

  self->pending = FALSE;
  g_clear_pointer (&self->error, g_free);
  g_object_ref (self);
  g_signal_emit (self, signals[TABLE_EDITED], 0, table);
  _sw_inspector_table_row_update (self);
  g_object_unref (self);
}

/* The summary under the title, the error row and the plot. */
void
_sw_inspector_table_row_update (SwInspectorTableRow *self)
{
  g_autoptr(SwTable) composed = NULL;
  g_autofree char *summary = NULL;
  const char *message;
  const SwTable *table;
  guint n;

  g_clear_pointer (&self->live_error, g_free);
  self->live_error = check_cells (self);
  if (self->live_error == NULL)
    composed = compose (self);

  message = self->error != NULL ? self->error : self->live_error;
  gtk_widget_set_visible (self->error_row, message != NULL);
  if (message != NULL)
    {
      /* The core's messages start inside a sentence. */
      g_autofree char *text = g_strdup (message);

      text[0] = g_ascii_toupper (text[0]);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->error_row), text);
    }

  g_clear_pointer (&self->preview, sw_table_unref);
  if (composed != NULL)
    self->preview = g_steal_pointer (&composed);
  else if (self->shown != NULL)
    self->preview = sw_table_ref (self->shown);

  /* "mue = 0.5 at w = 0", or "3 rows, mue 0.5 … 0.3". */
  table = self->preview;
  n = table != NULL ? sw_table_get_n_rows (table) : 0;
  if (n > 0 && _sw_inspector_table_row_n_columns (self) >= 2)
    {
      double y0 = sw_table_get (table, 0, 1), lo = y0, hi = y0;
      gboolean rising = TRUE, falling = TRUE;
      g_autofree char *first = NULL;
      g_autofree char *last = NULL;
      g_autofree char *unit = sw_inspector_dup_unit_text (_sw_inspector_table_row_column_display_unit (self, 1, NULL));
      const char *space = unit[0] != '\0' ? " " : "";

      /* Its first and last values when it only rises or only falls, else
       * its smallest and largest (a full-load curve's peak in between). */
      for (guint i = 1; i < n; i++)
        {
          double y = sw_table_get (table, i, 1), prev = sw_table_get (table, i - 1, 1);

          rising = rising && y >= prev;
          falling = falling && y <= prev;
          lo = MIN (lo, y);
          hi = MAX (hi, y);
        }
      if (rising || falling)
        {
          first = _sw_inspector_table_row_format_cell (self, 1, y0);
          last = _sw_inspector_table_row_format_cell (self, 1, sw_table_get (table, n - 1, 1));
        }
      else
        {
          first = _sw_inspector_table_row_format_cell (self, 1, lo);
          last = _sw_inspector_table_row_format_cell (self, 1, hi);
        }

      if (n == 1)
        /* Translators: a table of one row, e.g. “mue = 0.5 at every speed” */
        summary = g_strdup_printf (_("%s = %s%s%s at every speed"), self->desc->columns[1].name, first, space, unit);
      else if (rising || falling)
        /* Translators: e.g. “3 rows: mue from 0.5 to 0.3” */
        summary = g_strdup_printf (ngettext ("%u row: %s from %s to %s%s%s", "%u rows: %s from %s to %s%s%s", n),
                                   n, self->desc->columns[1].name, first, last, space, unit);
      else
        /* Translators: a table whose values rise and fall, with its smallest
         * and largest value, e.g. “6 rows: tau between 60 and 200 N·m” */
        summary = g_strdup_printf (ngettext ("%u row: %s between %s and %s%s%s",
                                             "%u rows: %s between %s and %s%s%s", n),
                                   n, self->desc->columns[1].name, first, last, space, unit);
    }
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), summary != NULL ? summary : "");

  for (guint i = 0; i < self->lines->len; i++)
    gtk_widget_set_sensitive (_sw_inspector_table_row_line_at (self, i)->remove, self->lines->len > 1);
  gtk_widget_queue_draw (self->preview_area);
}

/* Import */

static void
import_response_cb (GtkNativeDialog     *dialog,
                    int                  response,
                    SwInspectorTableRow *self)
{
  g_autoptr(GtkFileChooserNative) chooser = g_steal_pointer (&self->chooser);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        sw_inspector_table_row_import_file (self, path, NULL);
      else if (file != NULL)
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_free (self->error);
          self->error = g_strdup_printf (_("%s: error: not a local file; valid: a file on this computer"), name);
          _sw_inspector_table_row_update (self);
        }
    }
  g_signal_handlers_disconnect_by_data (dialog, self);
}

static void
import_clicked_cb (SwInspectorTableRow *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileFilter *filter;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }
  self->chooser = gtk_file_chooser_native_new (_("Import Table"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("CSV files"));
  gtk_file_filter_add_mime_type (filter, "text/csv");
  gtk_file_filter_add_mime_type (filter, "text/tab-separated-values");
  gtk_file_filter_add_suffix (filter, "csv");
  gtk_file_filter_add_suffix (filter, "tsv");
  gtk_file_filter_add_suffix (filter, "txt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_unref (filter);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("All files"));
  gtk_file_filter_add_pattern (filter, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_unref (filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (import_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* The object */

static void
sw_inspector_table_row_dispose (GObject *object)
{
  SwInspectorTableRow *self = SW_INSPECTOR_TABLE_ROW (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  g_clear_pointer (&self->shown, sw_table_unref);
  g_clear_pointer (&self->preview, sw_table_unref);

  G_OBJECT_CLASS (sw_inspector_table_row_parent_class)->dispose (object);
}

static void
sw_inspector_table_row_finalize (GObject *object)
{
  SwInspectorTableRow *self = SW_INSPECTOR_TABLE_ROW (object);

  g_clear_pointer (&self->param, g_free);
  g_clear_pointer (&self->lines, g_ptr_array_unref);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->live_error, g_free);

  G_OBJECT_CLASS (sw_inspector_table_row_parent_class)->finalize (object);
}

static void
sw_inspector_table_row_class_init (SwInspectorTableRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = sw_inspector_table_row_dispose;
  object_class->finalize = sw_inspector_table_row_finalize;

  signals[TABLE_EDITED] =
    g_signal_new ("table-edited",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
sw_inspector_table_row_init (SwInspectorTableRow *self)
{
  self->speed_unit = g_intern_static_string ("rad/s");
  self->angle_unit = g_intern_static_string ("rad");
  self->lines = g_ptr_array_new_with_free_func (_sw_inspector_table_row_line_free);
}

static void
update_header (SwInspectorTableRow *self)
{
  for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
    {
      g_autofree char *title = column_title (self, j);

      gtk_label_set_text (GTK_LABEL (self->header_labels[j]), title);
    }
}

GtkWidget *
sw_inspector_table_row_new (const SwParamDesc *desc)
{
  SwInspectorTableRow *self;
  GtkWidget *box, *labels, *button, *spacer, *buttons;

  g_return_val_if_fail (desc != NULL, NULL);
  g_return_val_if_fail (desc->type == SW_PARAM_TABLE && desc->table != NULL, NULL);
  g_return_val_if_fail (desc->table->n_columns >= 1 && desc->table->n_columns <= MAX_COLUMNS, NULL);

  self = g_object_new (SW_TYPE_INSPECTOR_TABLE_ROW,
                       "use-markup", FALSE,
                       "title", _(desc->label),
                       "expanded", TRUE,
                       NULL);
  self->param = g_strdup (desc->name);
  self->desc = desc->table;
  if (desc->help != NULL)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), _(desc->help));

  /* The columns' names over the cells (the units under them when there
   * are several: "tau_bf1" over "[N·m]"). */
  box = _sw_inspector_table_row_new_line_box (&labels);
  for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
      gtk_widget_set_valign (label, GTK_ALIGN_END);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_widget_set_margin_end (label, 8);
      gtk_box_append (GTK_BOX (labels), label);
      self->header_labels[j] = label;
    }
  /* As wide as a remove button. */
  spacer = gtk_button_new_from_icon_name ("list-remove-symbolic");
  gtk_widget_add_css_class (spacer, "flat");
  gtk_widget_set_opacity (spacer, 0);
  gtk_widget_set_can_target (spacer, FALSE);
  gtk_widget_set_can_focus (spacer, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (spacer), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_box_append (GTK_BOX (box), spacer);
  self->header_row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->header_row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (self->header_row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self->header_row), box);
  _sw_inspector_table_row_set_child_name (self, self->header_row, "header");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->header_row);
  update_header (self);

  /* Adds a row after the last. */
  button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (button),
                        g_object_new (ADW_TYPE_BUTTON_CONTENT, "icon-name", "list-add-symbolic",
                                      "label", _("Add Row"), NULL));
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_margin_start (button, 6);
  gtk_widget_set_margin_top (button, 2);
  gtk_widget_set_margin_bottom (button, 2);
  gtk_widget_set_tooltip_text (button, _("Add a row after the last, continuing its speed step"));
  _sw_inspector_table_row_set_child_name (self, button, "add");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (sw_inspector_table_row_add_row), self);
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (buttons), button);
  /* Replaces the rows with a CSV file's. */
  button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (button),
                        g_object_new (ADW_TYPE_BUTTON_CONTENT, "icon-name", "document-open-symbolic",
                                      "label", _("Import CSV…"), "use-underline", FALSE, NULL));
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_margin_top (button, 2);
  gtk_widget_set_margin_bottom (button, 2);
  gtk_widget_set_tooltip_text (button, _("Replace the rows with those of a CSV file: a row a line, values "
                                         "separated by commas, semicolons or tabs, numbers with a decimal "
                                         "point, an optional header line"));
  _sw_inspector_table_row_set_child_name (self, button, "import");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (import_clicked_cb), self);
  gtk_box_append (GTK_BOX (buttons), button);
  self->add_row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->add_row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (self->add_row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self->add_row), buttons);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->add_row);

  self->error_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->error_row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (self->error_row), 0);
  adw_action_row_set_icon_name (ADW_ACTION_ROW (self->error_row), "dialog-warning-symbolic");
  gtk_widget_add_css_class (self->error_row, "error");
  gtk_widget_set_visible (self->error_row, FALSE);
  _sw_inspector_table_row_set_child_name (self, self->error_row, "error");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->error_row);

  self->preview_area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->preview_area),
                                       _sw_inspector_table_row_is_several (self) ? PREVIEW_HEIGHT_SEVERAL : PREVIEW_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview_area), _sw_inspector_table_row_preview_draw_cb, self, NULL);
  gtk_widget_set_hexpand (self->preview_area, TRUE);
  gtk_widget_set_margin_start (self->preview_area, 6);
  gtk_widget_set_margin_end (self->preview_area, 12);
  gtk_widget_set_margin_top (self->preview_area, 8);
  gtk_widget_set_margin_bottom (self->preview_area, 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview_area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _sw_inspector_table_row_is_several (self)
                                  ? _("Plot of the table’s columns against the magnitude of the speed")
                                  : _("Plot of the characteristic against speed, mirrored for negative speeds"),
                                  -1);
  self->preview_row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->preview_row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (self->preview_row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self->preview_row), self->preview_area);
  _sw_inspector_table_row_set_child_name (self, self->preview_row, "preview");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->preview_row);

  /* The kind's default until the model's table comes. */
  {
    g_autoptr(SwTable) table = sw_table_new (desc->table->n_default_rows, desc->table->n_columns,
                                             desc->table->default_rows);

    sw_inspector_table_row_set_table (self, table);
  }

  return GTK_WIDGET (self);
}

void
sw_inspector_table_row_set_table (SwInspectorTableRow *self,
                                  const SwTable       *table)
{
  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));
  g_return_if_fail (table != NULL);
  g_return_if_fail (sw_table_get_n_columns (table) == _sw_inspector_table_row_n_columns (self));

  /* An edit not handed out yet stays; the model's table is what it stands
   * for as long as its cells are untouched. */
  if (self->pending && self->shown != NULL && sw_table_equal (self->shown, table))
    return;
  g_clear_pointer (&self->shown, sw_table_unref);
  self->shown = sw_table_ref ((SwTable *) table);
  if (!self->pending)
    _sw_inspector_table_row_show_table (self);
  _sw_inspector_table_row_update (self);
}

void
sw_inspector_table_row_set_units (SwInspectorTableRow *self,
                                  const char          *speed_unit,
                                  const char          *angle_unit)
{
  g_autoptr(SwTable) typed = NULL;

  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));
  g_return_if_fail (speed_unit != NULL && angle_unit != NULL);

  speed_unit = g_intern_string (speed_unit);
  angle_unit = g_intern_string (angle_unit);
  if (self->speed_unit == speed_unit && self->angle_unit == angle_unit)
    return;

  /* A valid pending edit is written anew in the new units; an invalid one
   * stays as typed. */
  if (self->pending)
    typed = compose (self);
  self->speed_unit = speed_unit;
  self->angle_unit = angle_unit;
  update_header (self);
  if (self->shown != NULL)
    {
      gboolean pending = self->pending;

      self->pending = FALSE;
      _sw_inspector_table_row_show_table (self);
      self->pending = pending;
    }
  if (typed != NULL)
    {
      self->syncing = TRUE;
      for (guint i = 0; i < self->lines->len; i++)
        for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
          {
            g_autofree char *text = _sw_inspector_table_row_format_cell (self, j, sw_table_get (typed, i, j));

            gtk_editable_set_text (GTK_EDITABLE (_sw_inspector_table_row_line_at (self, i)->cells[j]), text);
          }
      self->syncing = FALSE;
    }
  _sw_inspector_table_row_update (self);
}

guint
sw_inspector_table_row_get_n_rows (SwInspectorTableRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self), 0);

  return self->lines->len;
}

GtkEditable *
sw_inspector_table_row_get_cell (SwInspectorTableRow *self,
                                 guint                row,
                                 guint                column)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self), NULL);
  g_return_val_if_fail (row < self->lines->len && column < _sw_inspector_table_row_n_columns (self), NULL);

  return GTK_EDITABLE (_sw_inspector_table_row_line_at (self, row)->cells[column]);
}

void
sw_inspector_table_row_add_row (SwInspectorTableRow *self)
{
  guint n, nc;
  double step = 1, w_last = 0, scale;
  Line *line;

  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));

  n = self->lines->len;
  nc = _sw_inspector_table_row_n_columns (self);
  _sw_inspector_table_row_column_display_unit (self, 0, &scale);
  /* The speed step of the last two rows, else 1 in the unit shown. */
  if (n >= 1 && !isnan (cell_value (self, n - 1, 0)))
    w_last = cell_value (self, n - 1, 0) / scale;
  if (n >= 2 && !isnan (cell_value (self, n - 2, 0)) && w_last > cell_value (self, n - 2, 0) / scale)
    step = w_last - cell_value (self, n - 2, 0) / scale;

  self->syncing = TRUE;
  line = _sw_inspector_table_row_append_line (self);
  {
    g_autofree char *w = sw_inspector_format_number (w_last + step);

    gtk_editable_set_text (GTK_EDITABLE (line->cells[0]), w);
  }
  /* The other values as in the row before: a flat continuation. */
  for (guint j = 1; j < nc; j++)
    gtk_editable_set_text (GTK_EDITABLE (line->cells[j]),
                           n >= 1 ? gtk_editable_get_text (GTK_EDITABLE (_sw_inspector_table_row_line_at (self, n - 1)->cells[j])) : "0");
  self->syncing = FALSE;

  self->pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  _sw_inspector_table_row_update (self);
  _sw_inspector_table_row_commit (self);
}

void
sw_inspector_table_row_remove_row (SwInspectorTableRow *self,
                                   guint                row)
{
  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));
  g_return_if_fail (row < self->lines->len);

  if (self->lines->len <= 1)
    return;

  self->syncing = TRUE;
  _sw_inspector_table_row_remove_line (self, row);
  self->syncing = FALSE;
  self->pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  _sw_inspector_table_row_update (self);
  _sw_inspector_table_row_commit (self);
}

gboolean
sw_inspector_table_row_import_file (SwInspectorTableRow  *self,
                                    const char           *path,
                                    GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(SwTable) table = NULL;
  gboolean taken;

  g_return_val_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  table = sw_table_from_csv_file (path, self->desc, &local_error);
  if (table == NULL)
    {
      /* The rows stay as they are, whatever was typed in them. */
      g_free (self->error);
      self->error = g_strdup (local_error->message);
      _sw_inspector_table_row_update (self);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  /* The file replaces what was typed: one edit, shown when the model
   * takes it. Refused, the rows show the model's table again. */
  self->pending = FALSE;
  g_clear_pointer (&self->error, g_free);
  g_object_ref (self);
  g_signal_emit (self, signals[TABLE_EDITED], 0, table);
  taken = self->error == NULL;
  if (!taken)
    {
      self->pending = FALSE;
      _sw_inspector_table_row_show_table (self);
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, self->error);
    }
  _sw_inspector_table_row_update (self);
  g_object_unref (self);
  return taken;
}

const char *
sw_inspector_table_row_get_error (SwInspectorTableRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self), NULL);

  return self->error != NULL ? self->error : self->live_error;
}

const SwTable *
sw_inspector_table_row_get_preview (SwInspectorTableRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self), NULL);

  return self->preview;
}

void
sw_inspector_table_row_set_error (SwInspectorTableRow *self,
                                  const char          *message)
{
  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));

  g_free (self->error);
  self->error = g_strdup (message);
  /* Refused: the edit is still pending, as typed. */
  if (message != NULL)
    self->pending = TRUE;
  _sw_inspector_table_row_update (self);
}

void
sw_inspector_table_row_commit (SwInspectorTableRow *self)
{
  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));

  _sw_inspector_table_row_commit (self);
}
