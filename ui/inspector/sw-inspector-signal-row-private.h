/* sw-inspector-signal-row-private.h: what the files of SwInspectorSignalRow
 * share:
 *
 *   sw-inspector-signal-row.c      the type, the field tables, units, the
 *                                  points as text, composing the signal,
 *                                  summary and status, commit, the API
 *   sw-inspector-signal-fields.c   the fields' rows, made for a type
 *   sw-inspector-signal-preview.c  the plot of the signal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "sw-inspector-signal-row.h"

G_BEGIN_DECLS

#define MAX_FIELDS 8

typedef enum {
  UNIT_PARAM,       /* the parameter's own unit */
  UNIT_SECONDS,
  UNIT_HERTZ,
  UNIT_RADIANS,
  UNIT_PER_SECOND,
  UNIT_PERCENT,
  UNIT_NONE,
} FieldUnit;

typedef enum {
  RANGE_ANY,
  RANGE_NONNEGATIVE,
  RANGE_POSITIVE,
  RANGE_PERCENT,     /* (0, 100] */
  RANGE_INTEGER,
} FieldRange;

typedef enum {
  FIELD_NUMBER,
  FIELD_POINTS,        /* table: [[t, y], ...] */
  FIELD_INTERPOLATION, /* table: "linear", "hold" */
  FIELD_EXTRAPOLATION, /* table: "hold", "linear", "periodic" */
} FieldKind;

typedef struct {
  const char *name;
  const char *label;
  FieldKind   kind;
  FieldUnit   unit;
  double      default_value;
  FieldRange  range;
  const char *help;
} SignalField;

typedef struct {
  const char        *name;    /* as in sw_signal_type_names */
  const char        *label;
  const SignalField *fields;  /* ends with a NULL name */
} SignalType;
struct _SwInspectorSignalRow
{
  AdwExpanderRow    parent_instance;

  char             *param;         /* "tau" */
  char             *unit;          /* descriptor spelling */
  const char       *speed_unit;    /* interned: "rad/s", "rpm" */
  const char       *angle_unit;    /* interned: "rad", "deg" */
  GtkWidget        *unit_label;    /* at the end of the title line, or NULL */

  GtkWidget        *type_row;
  GtkWidget        *info_row;      /* a sum or product: not editable here */
  GtkWidget        *error_row;
  GtkWidget        *preview_row;
  GtkWidget        *preview_area;
  GtkWidget        *field_rows[MAX_FIELDS];
  guint             n_field_rows;

  const SignalType *type;          /* shown; NULL for a sum or product */
  SwSignal         *shown;         /* the model's */
  SwSignal         *preview;
  double            stop_time_s;
  char             *error;
  char             *summary;
  char             *shared;        /* the model's shared signal shown, or NULL */
  gboolean          points_pending;
  /* The table's points as the model has them, and the text they were
   * shown as: while the text is unchanged, they are taken as they are
   * rather than read back from rounded numbers. */
  JsonArray        *points_shown;
  char             *points_text;
  gboolean          syncing;
};

/* The signal types and their fields (sw-inspector-signal-row.c). */
extern const SignalType _sw_inspector_signal_types[9];
extern const SignalField _sw_inspector_table_fields[];
extern const char *const _sw_inspector_interpolation_names[];
extern const char *const _sw_inspector_interpolation_labels[];
extern const char *const _sw_inspector_extrapolation_names[];
extern const char *const _sw_inspector_extrapolation_labels[];

/* sw-inspector-signal-row.c */
const char *_sw_inspector_signal_row_field_unit         (SwInspectorSignalRow *self,
                                                         const SignalField    *field);
const char *_sw_inspector_signal_row_field_display_unit (SwInspectorSignalRow *self,
                                                         const SignalField    *field,
                                                         double               *scale);
const char *_sw_inspector_signal_row_param_display_unit (SwInspectorSignalRow *self,
                                                         double               *scale);
guint       _sw_inspector_signal_row_strv_index         (const char *const    *names,
                                                         const char           *name);
GListModel *_sw_inspector_signal_row_translated_list    (const char *const    *labels);
JsonArray  *_sw_inspector_signal_row_points_from_text   (const char           *text,
                                                         double                scale);
void        _sw_inspector_signal_row_show_points        (SwInspectorSignalRow *self,
                                                         GtkWidget            *row,
                                                         JsonArray            *points);
void        _sw_inspector_signal_row_update_preview     (SwInspectorSignalRow *self);
void        _sw_inspector_signal_row_commit             (SwInspectorSignalRow *self);

/* sw-inspector-signal-fields.c */
void _sw_inspector_signal_row_set_child_name (SwInspectorSignalRow *self,
                                              GtkWidget            *row,
                                              const char           *what);
void _sw_inspector_signal_row_build_fields   (SwInspectorSignalRow *self,
                                              const SignalType     *type);
void _sw_inspector_signal_row_type_cb        (AdwComboRow          *row,
                                              GParamSpec           *pspec,
                                              SwInspectorSignalRow *self);
void _sw_inspector_signal_row_show_fields    (SwInspectorSignalRow *self,
                                              const SwSignal       *signal);

/* sw-inspector-signal-preview.c */
void _sw_inspector_signal_row_preview_draw_cb (GtkDrawingArea *area,
                                               cairo_t        *cr,
                                               int             width,
                                               int             height,
                                               gpointer        user_data);

G_END_DECLS
