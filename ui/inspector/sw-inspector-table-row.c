/* sw-inspector-table-row.c: the rows of a table parameter, and its plot.
 *
 * The cells' texts are what is edited. A cell whose text is still the one
 * shown for the model's value stands for that value exactly (the text is
 * rounded to 6 digits); any other text is read as typed, in the unit shown.
 * The core checks the table again when it is set, and has the last word
 * (the number scale, a kind's own checks): its message is shown on the row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-table-row.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-error.h"
#include "sw-inspector-number-row.h"
#include "sw-table-csv.h"

#define PREVIEW_HEIGHT 120
/* With a legend below. */
#define PREVIEW_HEIGHT_SEVERAL 150

#define MAX_COLUMNS 8

typedef struct {
  GtkWidget *row;                     /* GtkListBoxRow */
  GtkWidget *remove;
  GtkWidget *cells[MAX_COLUMNS];      /* GtkEntry, one per column */
  /* The model's value shown in each cell, and its text (NULL: none). */
  char      *shown_text[MAX_COLUMNS];
  double     shown_value[MAX_COLUMNS];
} Line;

struct _SwInspectorTableRow
{
  AdwExpanderRow     parent_instance;

  char              *param;        /* "mue_pos" */
  const SwTableDesc *desc;
  const char        *speed_unit;   /* interned: "rad/s", "rpm" */
  const char        *angle_unit;   /* interned: "rad", "deg" */

  GtkWidget         *header_row;
  GtkWidget         *header_labels[MAX_COLUMNS];
  GtkWidget         *add_row;
  GtkWidget         *error_row;
  GtkWidget         *preview_row;
  GtkWidget         *preview_area;
  GPtrArray         *lines;        /* Line */
  GtkFileChooserNative *chooser;   /* "Import CSV…", while open */

  SwTable           *shown;        /* the model's */
  SwTable           *preview;
  char              *error;        /* the model's refusal */
  char              *live_error;   /* the cells' first problem */
  gboolean           pending;
  gboolean           syncing;
};

G_DEFINE_FINAL_TYPE (SwInspectorTableRow, sw_inspector_table_row, ADW_TYPE_EXPANDER_ROW)

enum {
  TABLE_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update (SwInspectorTableRow *self);

/* Units */

static const char *
column_display_unit (SwInspectorTableRow *self,
                     guint                column,
                     double              *scale)
{
  return sw_inspector_display_unit (self->desc->columns[column].unit, self->speed_unit, self->angle_unit, scale);
}

static char *
column_title (SwInspectorTableRow *self,
              guint                column)
{
  const char *unit = column_display_unit (self, column, NULL);
  g_autofree char *text = sw_inspector_dup_unit_text (unit);

  if (text[0] == '\0')
    return g_strdup (self->desc->columns[column].name);
  /* Several columns are narrow: the unit under the name. */
  if (self->desc->n_columns > 2)
    return g_strdup_printf ("%s\n[%s]", self->desc->columns[column].name, text);
  return g_strdup_printf ("%s [%s]", self->desc->columns[column].name, text);
}

/* Cells */

static guint
n_columns (SwInspectorTableRow *self)
{
  return self->desc->n_columns;
}

/* A table of several value columns (a lossy gear's loss table), read at
 * the speed's magnitude, rather than one characteristic that friction
 * mirrors for negative speeds. */
static gboolean
is_several (SwInspectorTableRow *self)
{
  return n_columns (self) > 2;
}

static Line *
line_at (SwInspectorTableRow *self,
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
  Line *line = line_at (self, i);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (line->cells[j]));
  double value, scale;

  if (line->shown_text[j] != NULL && strcmp (text, line->shown_text[j]) == 0)
    return line->shown_value[j];
  if (!sw_inspector_parse_number (text, &value))
    return NAN;
  column_display_unit (self, j, &scale);
  return value * scale;
}

static char *
format_cell (SwInspectorTableRow *self,
             guint                j,
             double               value)
{
  double scale;

  column_display_unit (self, j, &scale);
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
  const char *unit = column_display_unit (self, j, &scale);
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
      g_autofree char *before = format_cell (self, 0, previous);

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
      Line *line = line_at (self, i);

      for (guint j = 0; j < n_columns (self); j++)
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
  guint nc = n_columns (self);

  if (problem != NULL || self->lines->len == 0)
    return NULL;
  values = g_new (double, (gsize) self->lines->len * nc);
  for (guint i = 0; i < self->lines->len; i++)
    for (guint j = 0; j < nc; j++)
      values[(gsize) i * nc + j] = cell_value (self, i, j);
  return sw_table_new (self->lines->len, nc, values);
}

static void
commit (SwInspectorTableRow *self)
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
  update (self);
  g_object_unref (self);
}

/* The summary under the title, the error row and the plot. */
static void
update (SwInspectorTableRow *self)
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
  if (n > 0 && n_columns (self) >= 2)
    {
      g_autofree char *first = format_cell (self, 1, sw_table_get (table, 0, 1));
      g_autofree char *last = format_cell (self, 1, sw_table_get (table, n - 1, 1));
      g_autofree char *unit = sw_inspector_dup_unit_text (column_display_unit (self, 1, NULL));
      const char *space = unit[0] != '\0' ? " " : "";

      if (n == 1)
        /* Translators: a table of one row, e.g. “mue = 0.5 at every speed” */
        summary = g_strdup_printf (_("%s = %s%s%s at every speed"), self->desc->columns[1].name, first, space, unit);
      else
        /* Translators: e.g. “3 rows: mue from 0.5 to 0.3” */
        summary = g_strdup_printf (ngettext ("%u row: %s from %s to %s%s%s", "%u rows: %s from %s to %s%s%s", n),
                                   n, self->desc->columns[1].name, first, last, space, unit);
    }
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), summary != NULL ? summary : "");

  for (guint i = 0; i < self->lines->len; i++)
    gtk_widget_set_sensitive (line_at (self, i)->remove, self->lines->len > 1);
  gtk_widget_queue_draw (self->preview_area);
}

/* Lines */

static void
cell_changed_cb (GtkEditable         *cell,
                 SwInspectorTableRow *self)
{
  if (self->syncing)
    return;
  self->pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  update (self);
}

static void
cell_activate_cb (GtkEntry            *cell,
                  SwInspectorTableRow *self)
{
  commit (self);
}

static void
cell_leave_cb (GtkEventControllerFocus *focus,
               SwInspectorTableRow     *self)
{
  commit (self);
}

static void
remove_clicked_cb (GtkButton           *button,
                   SwInspectorTableRow *self)
{
  for (guint i = 0; i < self->lines->len; i++)
    if (line_at (self, i)->remove == GTK_WIDGET (button))
      {
        sw_inspector_table_row_remove_row (self, i);
        return;
      }
}

static void
set_child_name (SwInspectorTableRow *self,
                GtkWidget           *widget,
                const char          *format,
                ...) G_GNUC_PRINTF (3, 4);

static void
set_child_name (SwInspectorTableRow *self,
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

static void
line_free (gpointer data)
{
  Line *line = data;

  for (guint j = 0; j < MAX_COLUMNS; j++)
    g_free (line->shown_text[j]);
  g_free (line);
}

/* A box of a box of one widget per column, all as wide (homogeneous),
 * and one for the remove button, so that the header and the lines line
 * up whatever the columns' names. *columns: where the columns go. */
static GtkWidget *
new_line_box (GtkWidget **columns)
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
      Line *line = line_at (self, i);
      g_autofree char *label = g_strdup_printf (_("Remove row %u"), i + 1);

      set_child_name (self, line->row, "row%u", i);
      set_child_name (self, line->remove, "remove%u", i);
      gtk_widget_set_tooltip_text (line->remove, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (line->remove), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      for (guint j = 0; j < n_columns (self); j++)
        {
          g_autofree char *cell_label = g_strdup_printf (_("Row %u, %s"), i + 1, self->desc->columns[j].name);

          set_child_name (self, line->cells[j], "%u.%s", i, self->desc->columns[j].name);
          gtk_accessible_update_property (GTK_ACCESSIBLE (line->cells[j]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          cell_label, -1);
        }
    }
}

/* Appends a line of cells (empty); the rows after it (add, error, plot)
 * are moved behind it. */
static Line *
append_line (SwInspectorTableRow *self)
{
  Line *line = g_new0 (Line, 1);
  GtkWidget *cells;
  GtkWidget *box = new_line_box (&cells);

  for (guint j = 0; j < n_columns (self); j++)
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

static void
remove_line (SwInspectorTableRow *self,
             guint                i)
{
  Line *line = line_at (self, i);

  adw_expander_row_remove (ADW_EXPANDER_ROW (self), line->row);
  g_ptr_array_remove_index (self->lines, i);
  renumber (self);
}

/* The model's table in the cells, as many lines as it has rows. */
static void
show_table (SwInspectorTableRow *self)
{
  guint n = sw_table_get_n_rows (self->shown);

  self->syncing = TRUE;
  while (self->lines->len > n)
    remove_line (self, self->lines->len - 1);
  while (self->lines->len < n)
    append_line (self);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n_columns (self); j++)
      {
        Line *line = line_at (self, i);
        GtkEditable *cell = GTK_EDITABLE (line->cells[j]);

        g_free (line->shown_text[j]);
        line->shown_text[j] = format_cell (self, j, sw_table_get (self->shown, i, j));
        line->shown_value[j] = sw_table_get (self->shown, i, j);
        if (strcmp (gtk_editable_get_text (cell), line->shown_text[j]) != 0)
          gtk_editable_set_text (cell, line->shown_text[j]);
      }
  self->syncing = FALSE;
}

/* The plot */

/* Returns the text's width in pixels (0 without layout_for). */
static int
draw_text (cairo_t    *cr,
           GtkWidget  *layout_for,
           const char *text,
           double      x,
           double      y,
           double      x_align,
           double      y_align)
{
  PangoLayout *layout;
  PangoAttrList *attrs;
  int w, h;

  if (layout_for == NULL)
    return 0;

  layout = gtk_widget_create_pango_layout (layout_for, text);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_scale_new (0.8));
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - x_align * w, y - y_align * h);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return w;
}

/* 1, 2 or 5 times a power of ten, at least x. */
static double
nice_step (double x)
{
  double p = pow (10, floor (log10 (x)));

  if (x <= p)
    return p;
  if (x <= 2 * p)
    return 2 * p;
  if (x <= 5 * p)
    return 5 * p;
  return 10 * p;
}

/* As the cells show numbers, with a true minus and a unit. */
static char *
label_number (double      v,
              const char *unit)
{
  g_autofree char *text = sw_inspector_format_number (fabs (v) < 1e-12 ? 0 : v);
  g_autofree char *unit_text = unit != NULL ? sw_inspector_dup_unit_text (unit) : g_strdup ("");
  const char *space = unit_text[0] == '\0' || strcmp (unit_text, "°") == 0 ? "" : " ";

  if (text[0] == '-')
    return g_strdup_printf ("−%s%s%s", text + 1, space, unit_text);
  return g_strdup_printf ("%s%s%s", text, space, unit_text);
}

/* Qualitative colours after the accent, readable on light and dark. */
static const GdkRGBA other_colours[] = {
  { 0.90, 0.38, 0.00, 1 },
  { 0.15, 0.64, 0.41, 1 },
  { 0.57, 0.25, 0.67, 1 },
  { 0.75, 0.11, 0.16, 1 },
};

void
sw_inspector_table_draw_preview (cairo_t       *cr,
                                 GtkWidget     *layout_for,
                                 const SwTable *table,
                                 double         x_scale,
                                 const char    *x_unit,
                                 double         y_scale,
                                 const char    *y_unit,
                                 int            width,
                                 int            height,
                                 const GdkRGBA *fg,
                                 const GdkRGBA *accent)
{
  double left = 44, right = 8, above = 6, below = 16;
  double pw, ph, x_max, y_max = 0, w_last;
  guint n_rows, nc;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (fg != NULL && accent != NULL);
  g_return_if_fail (isfinite (x_scale) && x_scale > 0 && isfinite (y_scale) && y_scale > 0);

  if (table == NULL || sw_table_get_n_columns (table) < 2)
    return;
  pw = width - left - right;
  ph = height - above - below;
  if (pw < 8 || ph < 8)
    return;

  n_rows = sw_table_get_n_rows (table);
  nc = sw_table_get_n_columns (table);
  /* A fifth beyond the last row shows how the table goes on. */
  w_last = sw_table_get (table, n_rows - 1, 0) / x_scale;
  if (w_last > 0)
    {
      double step = nice_step (w_last * 1.2 / 4);

      x_max = ceil (w_last * 1.2 / step) * step;
    }
  else
    x_max = 1;
  for (guint j = 1; j < nc; j++)
    {
      y_max = MAX (y_max, fabs (sw_table_interpolate (table, j, x_max * x_scale)));
      for (guint i = 0; i < n_rows; i++)
        y_max = MAX (y_max, fabs (sw_table_get (table, i, j)));
    }
  y_max /= y_scale;
  y_max = isfinite (y_max) && y_max > 0 ? nice_step (y_max) : 1;

  /* Frame and axes through the origin. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.2);
  cairo_rectangle (cr, left + 0.5, above + 0.5, pw - 1, ph - 1);
  cairo_stroke (cr);
  {
    static const double dash[] = { 3, 3 };
    double x0 = round (left + pw / 2) + 0.5, y0 = round (above + ph / 2) + 0.5;

    cairo_set_dash (cr, dash, 2, 0);
    cairo_move_to (cr, left, y0);
    cairo_line_to (cr, left + pw, y0);
    cairo_move_to (cr, x0, above);
    cairo_line_to (cr, x0, above + ph);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  }

  /* The curves: value(w) for w >= 0 through every row, value(−w) = −value(w);
   * at w = 0 the jump from −value(0) to value(0) (Coulomb friction). */
  cairo_save (cr);
  cairo_rectangle (cr, left, above - 1, pw, ph + 2);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint j = nc - 1; j >= 1; j--)
    {
      const GdkRGBA *colour = j == 1 ? accent : &other_colours[(j - 2) % G_N_ELEMENTS (other_colours)];
      g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
      double w;

      /* Speeds where the curve bends, in SI: 0, the rows, the edge. */
      w = 0;
      g_array_append_val (xs, w);
      for (guint i = 0; i < n_rows; i++)
        {
          w = sw_table_get (table, i, 0);
          if (w > 0 && w < x_max * x_scale)
            g_array_append_val (xs, w);
        }
      w = x_max * x_scale;
      g_array_append_val (xs, w);

      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
      for (int side = -1; side <= 1; side += 2)
        {
          for (guint k = 0; k < xs->len; k++)
            {
              double ws = g_array_index (xs, double, k);
              double v = side * sw_table_interpolate (table, j, ws) / y_scale;
              double x = left + pw / 2 + side * (pw / 2) * (ws / x_scale) / x_max;
              double y = above + 1 + (ph - 2) * (y_max - v) / (2 * y_max);

              if (k == 0)
                cairo_move_to (cr, x, y);
              else
                cairo_line_to (cr, x, y);
            }
          cairo_stroke (cr);
        }
      /* The jump at rest. */
      {
        double v = sw_table_interpolate (table, j, 0) / y_scale;
        double x = left + pw / 2;

        cairo_move_to (cr, x, above + 1 + (ph - 2) * (y_max + v) / (2 * y_max));
        cairo_line_to (cr, x, above + 1 + (ph - 2) * (y_max - v) / (2 * y_max));
        cairo_stroke (cr);
      }
    }
  cairo_restore (cr);

  /* Labels: the value range on the left, the speed range below. */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
  {
    g_autofree char *top = label_number (y_max, NULL);
    g_autofree char *bottom = label_number (-y_max, NULL);
    g_autofree char *unit = y_unit != NULL ? sw_inspector_dup_unit_text (y_unit) : NULL;
    g_autofree char *x_left = label_number (-x_max, NULL);
    g_autofree char *x_right = label_number (x_max, x_unit);

    draw_text (cr, layout_for, top, left - 4, above, 1, 0);
    if (unit != NULL && unit[0] != '\0')
      draw_text (cr, layout_for, unit, left - 4, above + ph / 2, 1, 0.5);
    else
      draw_text (cr, layout_for, "0", left - 4, above + ph / 2, 1, 0.5);
    draw_text (cr, layout_for, bottom, left - 4, above + ph, 1, 1);
    draw_text (cr, layout_for, x_left, left, above + ph + 1, 0, 0);
    draw_text (cr, layout_for, "0", left + pw / 2, above + ph + 1, 0.5, 0);
    draw_text (cr, layout_for, x_right, left + pw, above + ph + 1, 1, 0);
  }
}

/* Where value v lies on an axis from lo to hi, in a plot of height ph
 * below above (a pixel kept free at each edge). */
static double
axis_y (double v,
        double lo,
        double hi,
        double above,
        double ph)
{
  return above + 1 + (ph - 2) * (hi - v) / (hi - lo);
}

void
sw_inspector_table_draw_columns (cairo_t                 *cr,
                                 GtkWidget               *layout_for,
                                 const SwTable           *table,
                                 const SwTablePlotColumn *columns,
                                 int                      width,
                                 int                      height,
                                 const GdkRGBA           *fg,
                                 const GdkRGBA           *accent)
{
  double left = 44, right = 8, above = 6, below = 34;
  double pw, ph, x_max, w_last, x_scale;
  double lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
  gboolean bounded[2] = { TRUE, TRUE };
  const char *axis_unit[2] = { NULL, NULL };
  guint n_on_axis[2] = { 0, 0 };
  int axis[MAX_COLUMNS];
  gboolean dashed[MAX_COLUMNS];
  guint n_rows, nc;
  double legend_x;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (columns != NULL);
  g_return_if_fail (fg != NULL && accent != NULL);

  if (table == NULL || sw_table_get_n_columns (table) < 2 || sw_table_get_n_columns (table) > MAX_COLUMNS)
    return;
  n_rows = sw_table_get_n_rows (table);
  nc = sw_table_get_n_columns (table);
  for (guint j = 0; j < nc; j++)
    g_return_if_fail (isfinite (columns[j].scale) && columns[j].scale > 0);

  /* Which axis each column goes against: column 1's unit left, the next
   * unit right, any other nowhere (-1). */
  for (guint j = 1; j < nc; j++)
    {
      const char *unit = columns[j].unit != NULL ? columns[j].unit : "";

      axis[j] = -1;
      for (int a = 0; a < 2 && axis[j] < 0; a++)
        {
          if (axis_unit[a] == NULL)
            axis_unit[a] = unit;
          if (strcmp (axis_unit[a], unit) == 0)
            axis[j] = a;
        }
      dashed[j] = axis[j] >= 0 && n_on_axis[axis[j]]++ > 0;
    }
  if (n_on_axis[1] > 0)
    right = 44;
  pw = width - left - right;
  ph = height - above - below;
  if (pw < 8 || ph < 8)
    return;

  /* Speeds: 0 to a fifth beyond the last row, to a round number. */
  x_scale = columns[0].scale;
  w_last = sw_table_get (table, n_rows - 1, 0) / x_scale;
  if (w_last > 0)
    {
      double step = nice_step (w_last * 1.2 / 4);

      x_max = ceil (w_last * 1.2 / step) * step;
    }
  else
    x_max = 1;

  /* Each axis from 0 (or below, for negative values) to its columns' max
   * when they all have one, else to a round number above the values. */
  for (guint j = 1; j < nc; j++)
    {
      int a = axis[j];
      double scale = columns[j].scale;

      if (a < 0)
        continue;
      for (guint i = 0; i <= n_rows; i++)
        {
          double v = (i < n_rows ? sw_table_get (table, i, j) : sw_table_interpolate (table, j, x_max * x_scale))
                     / scale;

          if (isfinite (v))
            {
              lo[a] = MIN (lo[a], v);
              hi[a] = MAX (hi[a], v);
            }
        }
      if (!isfinite (columns[j].max))
        bounded[a] = FALSE;
    }
  for (int a = 0; a < 2; a++)
    {
      double bound = 0;

      for (guint j = 1; j < nc && bounded[a]; j++)
        if (axis[j] == a)
          bound = MAX (bound, columns[j].max / columns[j].scale);
      if (bounded[a] && isfinite (bound) && bound > 0 && hi[a] <= bound)
        hi[a] = bound;
      else if (hi[a] > 0)
        {
          /* Extrapolated beyond the bound, or unbounded: a round number. */
          double step = nice_step (hi[a] / 4);

          hi[a] = ceil (hi[a] / step) * step;
        }
      else
        hi[a] = 1;
      if (lo[a] < 0)
        lo[a] = -nice_step (-lo[a]);
    }

  /* Frame, and the zero line when an axis goes below it. */
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.2);
  cairo_rectangle (cr, left + 0.5, above + 0.5, pw - 1, ph - 1);
  cairo_stroke (cr);
  if (lo[0] < 0)
    {
      static const double dash[] = { 3, 3 };
      double y0 = round (axis_y (0, lo[0], hi[0], above, ph)) + 0.5;

      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, left, y0);
      cairo_line_to (cr, left + pw, y0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* The curves, through every row: column 1 last, on top. */
  cairo_save (cr);
  cairo_rectangle (cr, left, above - 1, pw, ph + 2);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint j = nc - 1; j >= 1; j--)
    {
      const GdkRGBA *colour = j == 1 ? accent : &other_colours[(j - 2) % G_N_ELEMENTS (other_colours)];
      static const double dash[] = { 5, 3 };
      int a = axis[j];
      double w = 0;

      if (a < 0)
        continue;
      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
      cairo_set_dash (cr, dash, dashed[j] ? 2 : 0, 0);
      /* Speeds where the curve bends: 0, the rows, the edge. */
      for (guint k = 0; k < n_rows + 2; k++)
        {
          double x, y;

          w = k == 0 ? 0 : k <= n_rows ? sw_table_get (table, k - 1, 0) : x_max * x_scale;
          if (k > 0 && k <= n_rows && !(w > 0 && w < x_max * x_scale))
            continue;
          x = left + pw * (w / x_scale) / x_max;
          y = axis_y (sw_table_interpolate (table, j, w) / columns[j].scale, lo[a], hi[a], above, ph);
          if (k == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* Labels: each axis's range, the speed's below, then the legend. */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
  for (int a = 0; a < 2; a++)
    {
      g_autofree char *top = NULL;
      g_autofree char *bottom = NULL;
      double x = a == 0 ? left - 4 : left + pw + 4;

      if (n_on_axis[a] == 0)
        continue;
      top = label_number (hi[a], axis_unit[a]);
      bottom = label_number (lo[a], lo[a] < 0 ? axis_unit[a] : NULL);
      draw_text (cr, layout_for, top, x, above, a == 0 ? 1 : 0, 0);
      draw_text (cr, layout_for, bottom, x, above + ph, a == 0 ? 1 : 0, 1);
    }
  {
    g_autofree char *x_right = label_number (x_max, columns[0].unit);

    draw_text (cr, layout_for, "0", left, above + ph + 1, 0, 0);
    draw_text (cr, layout_for, x_right, left + pw, above + ph + 1, 1, 0);
  }
  legend_x = left;
  for (guint j = 1; j < nc; j++)
    {
      const GdkRGBA *colour = j == 1 ? accent : &other_colours[(j - 2) % G_N_ELEMENTS (other_colours)];
      static const double dash[] = { 5, 3 };
      double y = height - 8;
      int text_w;

      if (axis[j] < 0)
        continue;
      cairo_save (cr);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, dash, dashed[j] ? 2 : 0, 0);
      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
      cairo_move_to (cr, legend_x, y);
      cairo_line_to (cr, legend_x + 16, y);
      cairo_stroke (cr);
      cairo_restore (cr);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
      text_w = draw_text (cr, layout_for, columns[j].name, legend_x + 20, y, 0, 0.5);
      legend_x += 20 + text_w + 12;
    }
}

static void
preview_draw_cb (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        user_data)
{
  SwInspectorTableRow *self = user_data;
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (area));
  const char *x_unit, *y_unit;
  double x_scale, y_scale;
  GdkRGBA fg, accent;

  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", &accent))
    gdk_rgba_parse (&accent, "#3584e4");

  if (is_several (self))
    {
      SwTablePlotColumn columns[MAX_COLUMNS];

      for (guint j = 0; j < n_columns (self); j++)
        {
          columns[j].name = self->desc->columns[j].name;
          columns[j].unit = column_display_unit (self, j, &columns[j].scale);
          columns[j].max = self->desc->columns[j].max;
        }
      sw_inspector_table_draw_columns (cr, GTK_WIDGET (area), self->preview, columns, width, height, &fg,
                                       &accent);
      return;
    }

  x_unit = column_display_unit (self, 0, &x_scale);
  y_unit = n_columns (self) > 1 ? column_display_unit (self, 1, &y_scale) : NULL;
  if (y_unit == NULL)
    y_scale = 1;
  sw_inspector_table_draw_preview (cr, GTK_WIDGET (area), self->preview, x_scale, x_unit, y_scale, y_unit,
                                   width, height, &fg, &accent);
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
          update (self);
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
  self->lines = g_ptr_array_new_with_free_func (line_free);
}

static void
update_header (SwInspectorTableRow *self)
{
  for (guint j = 0; j < n_columns (self); j++)
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
  box = new_line_box (&labels);
  for (guint j = 0; j < n_columns (self); j++)
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
  set_child_name (self, self->header_row, "header");
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
  set_child_name (self, button, "add");
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
  set_child_name (self, button, "import");
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
  set_child_name (self, self->error_row, "error");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->error_row);

  self->preview_area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->preview_area),
                                       is_several (self) ? PREVIEW_HEIGHT_SEVERAL : PREVIEW_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview_area), preview_draw_cb, self, NULL);
  gtk_widget_set_hexpand (self->preview_area, TRUE);
  gtk_widget_set_margin_start (self->preview_area, 6);
  gtk_widget_set_margin_end (self->preview_area, 12);
  gtk_widget_set_margin_top (self->preview_area, 8);
  gtk_widget_set_margin_bottom (self->preview_area, 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview_area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  is_several (self)
                                  ? _("Plot of the table’s columns against the magnitude of the speed")
                                  : _("Plot of the characteristic against speed, mirrored for negative speeds"),
                                  -1);
  self->preview_row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->preview_row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (self->preview_row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self->preview_row), self->preview_area);
  set_child_name (self, self->preview_row, "preview");
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
  g_return_if_fail (sw_table_get_n_columns (table) == n_columns (self));

  /* An edit not handed out yet stays; the model's table is what it stands
   * for as long as its cells are untouched. */
  if (self->pending && self->shown != NULL && sw_table_equal (self->shown, table))
    return;
  g_clear_pointer (&self->shown, sw_table_unref);
  self->shown = sw_table_ref ((SwTable *) table);
  if (!self->pending)
    show_table (self);
  update (self);
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
      show_table (self);
      self->pending = pending;
    }
  if (typed != NULL)
    {
      self->syncing = TRUE;
      for (guint i = 0; i < self->lines->len; i++)
        for (guint j = 0; j < n_columns (self); j++)
          {
            g_autofree char *text = format_cell (self, j, sw_table_get (typed, i, j));

            gtk_editable_set_text (GTK_EDITABLE (line_at (self, i)->cells[j]), text);
          }
      self->syncing = FALSE;
    }
  update (self);
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
  g_return_val_if_fail (row < self->lines->len && column < n_columns (self), NULL);

  return GTK_EDITABLE (line_at (self, row)->cells[column]);
}

void
sw_inspector_table_row_add_row (SwInspectorTableRow *self)
{
  guint n, nc;
  double step = 1, w_last = 0, scale;
  Line *line;

  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));

  n = self->lines->len;
  nc = n_columns (self);
  column_display_unit (self, 0, &scale);
  /* The speed step of the last two rows, else 1 in the unit shown. */
  if (n >= 1 && !isnan (cell_value (self, n - 1, 0)))
    w_last = cell_value (self, n - 1, 0) / scale;
  if (n >= 2 && !isnan (cell_value (self, n - 2, 0)) && w_last > cell_value (self, n - 2, 0) / scale)
    step = w_last - cell_value (self, n - 2, 0) / scale;

  self->syncing = TRUE;
  line = append_line (self);
  {
    g_autofree char *w = sw_inspector_format_number (w_last + step);

    gtk_editable_set_text (GTK_EDITABLE (line->cells[0]), w);
  }
  /* The other values as in the row before: a flat continuation. */
  for (guint j = 1; j < nc; j++)
    gtk_editable_set_text (GTK_EDITABLE (line->cells[j]),
                           n >= 1 ? gtk_editable_get_text (GTK_EDITABLE (line_at (self, n - 1)->cells[j])) : "0");
  self->syncing = FALSE;

  self->pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  update (self);
  commit (self);
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
  remove_line (self, row);
  self->syncing = FALSE;
  self->pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  update (self);
  commit (self);
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
      update (self);
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
      show_table (self);
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, self->error);
    }
  update (self);
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
  update (self);
}

void
sw_inspector_table_row_commit (SwInspectorTableRow *self)
{
  g_return_if_fail (SW_IS_INSPECTOR_TABLE_ROW (self));

  commit (self);
}
