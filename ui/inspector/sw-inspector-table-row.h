/* sw-inspector-table-row.h: the editor of a table parameter (sw-table.h):
 * a friction characteristic such as mue_pos = [[w, mue], …].
 *
 * An expander row: a header with the columns' names and units, one line of
 * entries per row of the table with a button that removes it, a button
 * that adds a row after the last, what is wrong (if anything) and a small
 * plot of the characteristic: every value column against the first,
 * mirrored for negative speeds as friction uses it (value(−w) = −value(w)).
 * A table of several value columns (a lossy gear's [w, eta_mf1, eta_mf2,
 * tau_bf1, tau_bf2], read at the speed's magnitude) is plotted for
 * w >= 0 only, not mirrored, with a legend; the columns in the first value
 * column's unit against the left axis, the others against the right.
 *
 * Each cell is checked as it is typed: a cell that is not a number, out of
 * its column's range, or (first column) not larger than the row before
 * gets the "error" style and a tooltip saying what is valid, and the row
 * shows the first problem. Enter or moving the focus out of a cell hands a
 * valid table out with "table-edited"; adding or removing a row does so at
 * once. An invalid table is never handed out; the plot follows what is
 * typed while it is valid, else shows the model's table.
 *
 * Tables are in SI, in and out; a column in rad/s (or rad) is shown and
 * typed in the units of the preferences (sw_inspector_table_row_set_units()).
 *
 * "Import CSV…" beside "Add Row" replaces the rows with a CSV file's
 * (sw-table-csv.h, Twin Builder's "file" characteristics), chosen with a
 * GtkFileChooserNative: one "table-edited". A file that cannot be read or
 * does not fit the columns changes nothing; the row shows why (the file,
 * line and column).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include "sw-kind.h"

G_BEGIN_DECLS

#define SW_TYPE_INSPECTOR_TABLE_ROW (sw_inspector_table_row_get_type ())
G_DECLARE_FINAL_TYPE (SwInspectorTableRow, sw_inspector_table_row, SW, INSPECTOR_TABLE_ROW, AdwExpanderRow)

/* Signal "table-edited" (SwTable *table, borrowed for the emission).
 * Children are named "<param>.header", "<param>.row<i>" (i from 0), their
 * cells "<param>.<i>.<column name>" ("mue_pos.0.w") and remove buttons
 * "<param>.remove<i>", "<param>.add", "<param>.import", "<param>.error"
 * and "<param>.preview". */
GtkWidget      *sw_inspector_table_row_new          (const SwParamDesc   *desc);
/* The parameter's table in the model. Cells being edited keep their text. */
void            sw_inspector_table_row_set_table    (SwInspectorTableRow *self,
                                                     const SwTable       *table);
/* speed_unit "rad/s" or "rpm", angle_unit "rad" or "deg" (at first
 * "rad/s" and "rad"). Values shown, and valid edits pending, are written
 * anew in the new units. */
void            sw_inspector_table_row_set_units    (SwInspectorTableRow *self,
                                                     const char          *speed_unit,
                                                     const char          *angle_unit);
guint           sw_inspector_table_row_get_n_rows   (SwInspectorTableRow *self);
/* The entry of a cell, for whoever types into it (tests). */
GtkEditable    *sw_inspector_table_row_get_cell     (SwInspectorTableRow *self,
                                                     guint                row,
                                                     guint                column);
/* What the buttons do. */
void            sw_inspector_table_row_add_row      (SwInspectorTableRow *self);
void            sw_inspector_table_row_remove_row   (SwInspectorTableRow *self,
                                                     guint                row);
/* What "Import CSV…" does once a file is chosen: the file's table handed
 * out with "table-edited" in place of anything typed; FALSE (and the
 * message on the row) when the file cannot be read, does not fit, or the
 * model refuses it. */
gboolean        sw_inspector_table_row_import_file  (SwInspectorTableRow *self,
                                                     const char          *path,
                                                     GError             **error);
/* The first problem of the cells or the model's refusal, or NULL. */
const char     *sw_inspector_table_row_get_error    (SwInspectorTableRow *self);
/* What the plot shows (see above). */
const SwTable  *sw_inspector_table_row_get_preview  (SwInspectorTableRow *self);
/* The model refused the table (its message), or NULL to clear. */
void            sw_inspector_table_row_set_error    (SwInspectorTableRow *self,
                                                     const char          *message);
/* Hands out a pending valid edit now. */
void            sw_inspector_table_row_commit       (SwInspectorTableRow *self);

/* The plot itself into a width × height box: each value column against
 * the first, for −w_max … w_max (a bit beyond the last row), mirrored for
 * negative speeds. Speeds are shown divided by x_scale in x_unit, values
 * divided by y_scale in y_unit (descriptor spellings, NULL or "" for
 * none). fg for the frame and labels, accent for the first curve. Labels
 * are drawn with layout_for (a widget) when given. */
void            sw_inspector_table_draw_preview     (cairo_t             *cr,
                                                     GtkWidget           *layout_for,
                                                     const SwTable       *table,
                                                     double               x_scale,
                                                     const char          *x_unit,
                                                     double               y_scale,
                                                     const char          *y_unit,
                                                     int                  width,
                                                     int                  height,
                                                     const GdkRGBA       *fg,
                                                     const GdkRGBA       *accent);

/* A value column of a table of several (sw_inspector_table_draw_columns()). */
typedef struct {
  const char *name;      /* "eta_mf1" */
  const char *unit;      /* display unit, descriptor spelling; NULL or "" for none */
  double      scale;     /* SI per display unit */
  double      max;       /* largest valid value in SI, INFINITY for none */
} SwTablePlotColumn;

/* The plot of a table of several value columns into a width × height box:
 * each value column (columns[j] for column j >= 1; columns[0] describes
 * the speed) against the first, for 0 … w_max (a bit beyond the last
 * row), not mirrored. Columns in column 1's unit go against the left
 * axis, those in the next unit against the right one (columns in a third
 * unit are left out); an axis whose columns all have a finite max runs
 * from 0 to it (an efficiency: 0 … 1). The second column of an axis is
 * dashed, so that equal columns both show. A legend below names them. */
void            sw_inspector_table_draw_columns     (cairo_t                 *cr,
                                                     GtkWidget               *layout_for,
                                                     const SwTable           *table,
                                                     const SwTablePlotColumn *columns,
                                                     int                      width,
                                                     int                      height,
                                                     const GdkRGBA           *fg,
                                                     const GdkRGBA           *accent);

G_END_DECLS
