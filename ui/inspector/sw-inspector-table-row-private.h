/* sw-inspector-table-row-private.h: what the files of SwInspectorTableRow
 * share:
 *
 *   sw-inspector-table-row.c      the type, units, cells' values and checks,
 *                                 composing and committing, import, the API
 *   sw-inspector-table-lines.c    the lines of cells
 *   sw-inspector-table-preview.c  the plot of the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-inspector-table-row.h"

G_BEGIN_DECLS

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

/* sw-inspector-table-row.c */
const char *_sw_inspector_table_row_column_display_unit (SwInspectorTableRow *self,
                                                         guint                column,
                                                         double              *scale);
guint       _sw_inspector_table_row_n_columns           (SwInspectorTableRow *self);
gboolean    _sw_inspector_table_row_is_several          (SwInspectorTableRow *self);
Line       *_sw_inspector_table_row_line_at             (SwInspectorTableRow *self,
                                                         guint                i);
char       *_sw_inspector_table_row_format_cell         (SwInspectorTableRow *self,
                                                         guint                j,
                                                         double               value);
void        _sw_inspector_table_row_commit              (SwInspectorTableRow *self);
void        _sw_inspector_table_row_update              (SwInspectorTableRow *self);

/* sw-inspector-table-lines.c */
void       _sw_inspector_table_row_set_child_name (SwInspectorTableRow   *self,
                                                   GtkWidget             *widget,
                                                   const char            *format,
                                                   ...) G_GNUC_PRINTF (   3,
                                                                          4);
void       _sw_inspector_table_row_line_free      (gpointer               data);
GtkWidget *_sw_inspector_table_row_new_line_box   (GtkWidget            **columns);
Line      *_sw_inspector_table_row_append_line    (SwInspectorTableRow   *self);
void       _sw_inspector_table_row_remove_line    (SwInspectorTableRow   *self,
                                                   guint                  i);
void       _sw_inspector_table_row_show_table     (SwInspectorTableRow   *self);

/* sw-inspector-table-preview.c */
void _sw_inspector_table_row_preview_draw_cb (GtkDrawingArea *area,
                                              cairo_t        *cr,
                                              int             width,
                                              int             height,
                                              gpointer        user_data);

G_END_DECLS
