/* sw-inspector-signal-row.c: type, fields and plot of a signal parameter.
 *
 * The field tables below mirror those of core/sw-signal.c (names,
 * defaults, ranges); the units are what the fields mean here, the unit of
 * the parameter for amplitudes and offsets. The core reads what is composed
 * and has the last word: its messages are shown when it refuses.
 *
 * Fields in rad/s or rad (the amplitude of a speed, a phase), the values of
 * a table of a speed or angle, and the plot's value axis are shown in the
 * units of the preferences (sw_inspector_display_unit()); the number rows
 * convert, and what is composed is in SI, like the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-signal-row.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-error.h"
#include "sw-inspector-number-row.h"

#define MAX_FIELDS 8
#define PREVIEW_HEIGHT 96

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

#define NUMBER(n, l, u, def, r, h) { n, l, FIELD_NUMBER, u, def, r, h }
#define OFFSET_START \
  NUMBER ("offset", N_("Offset"), UNIT_PARAM, 0, RANGE_ANY, N_("Value before the start time, added throughout")), \
  NUMBER ("startTime", N_("Start time"), UNIT_SECONDS, 0, RANGE_ANY, N_("When the signal starts")), \
  { NULL, NULL, 0, 0, 0, 0, NULL }

static const SignalField constant_fields[] = {
  NUMBER ("k", N_("Value"), UNIT_PARAM, 1, RANGE_ANY, N_("The constant value")),
  { NULL, NULL, 0, 0, 0, 0, NULL }
};
static const SignalField step_fields[] = {
  NUMBER ("height", N_("Height"), UNIT_PARAM, 1, RANGE_ANY, N_("Height of the step")),
  OFFSET_START
};
static const SignalField ramp_fields[] = {
  NUMBER ("height", N_("Height"), UNIT_PARAM, 1, RANGE_ANY, N_("Height of the ramp")),
  NUMBER ("duration", N_("Duration"), UNIT_SECONDS, 2, RANGE_POSITIVE, N_("Time the ramp takes")),
  OFFSET_START
};
static const SignalField sine_fields[] = {
  NUMBER ("amplitude", N_("Amplitude"), UNIT_PARAM, 1, RANGE_ANY, N_("Amplitude of the sine")),
  NUMBER ("f", N_("Frequency"), UNIT_HERTZ, 1, RANGE_NONNEGATIVE, N_("Frequency of the sine")),
  NUMBER ("phase", N_("Phase"), UNIT_RADIANS, 0, RANGE_ANY, N_("Phase of the sine at the start time")),
  OFFSET_START
};
static const SignalField exp_sine_fields[] = {
  NUMBER ("amplitude", N_("Amplitude"), UNIT_PARAM, 1, RANGE_ANY, N_("Amplitude of the sine at the start time")),
  NUMBER ("f", N_("Frequency"), UNIT_HERTZ, 2, RANGE_NONNEGATIVE, N_("Frequency of the sine")),
  NUMBER ("phase", N_("Phase"), UNIT_RADIANS, 0, RANGE_ANY, N_("Phase of the sine at the start time")),
  NUMBER ("damping", N_("Damping"), UNIT_PER_SECOND, 1, RANGE_ANY, N_("Decay rate of the amplitude")),
  OFFSET_START
};
static const SignalField pulse_fields[] = {
  NUMBER ("amplitude", N_("Amplitude"), UNIT_PARAM, 1, RANGE_ANY, N_("Height of the pulses")),
  NUMBER ("width", N_("Width"), UNIT_PERCENT, 50, RANGE_PERCENT, N_("Width of a pulse in percent of the period")),
  NUMBER ("period", N_("Period"), UNIT_SECONDS, 1, RANGE_POSITIVE, N_("Time from one pulse to the next")),
  NUMBER ("nperiod", N_("Number of periods"), UNIT_NONE, -1, RANGE_INTEGER, N_("How many pulses; −1: no end")),
  OFFSET_START
};
static const SignalField sawtooth_fields[] = {
  NUMBER ("amplitude", N_("Amplitude"), UNIT_PARAM, 1, RANGE_ANY, N_("Height of the teeth")),
  NUMBER ("period", N_("Period"), UNIT_SECONDS, 1, RANGE_POSITIVE, N_("Time from one tooth to the next")),
  OFFSET_START
};
static const SignalField trapezoid_fields[] = {
  NUMBER ("amplitude", N_("Amplitude"), UNIT_PARAM, 1, RANGE_ANY, N_("Height of the trapezoids")),
  NUMBER ("rising", N_("Rising"), UNIT_SECONDS, 0, RANGE_NONNEGATIVE, N_("Time to rise")),
  NUMBER ("width", N_("Width"), UNIT_SECONDS, 0.5, RANGE_NONNEGATIVE, N_("Time at the top")),
  NUMBER ("falling", N_("Falling"), UNIT_SECONDS, 0, RANGE_NONNEGATIVE, N_("Time to fall")),
  NUMBER ("period", N_("Period"), UNIT_SECONDS, 1, RANGE_POSITIVE, N_("Time from one trapezoid to the next")),
  NUMBER ("nperiod", N_("Number of periods"), UNIT_NONE, -1, RANGE_INTEGER, N_("How many trapezoids; −1: no end")),
  OFFSET_START
};
static const SignalField table_fields[] = {
  { "points", N_("Points"), FIELD_POINTS, UNIT_NONE, 0, RANGE_ANY,
    N_("Rows of time (s) and value, separated by semicolons: 0 0; 1 10; 2 10") },
  { "interpolation", N_("Between points"), FIELD_INTERPOLATION, UNIT_NONE, 0, RANGE_ANY, NULL },
  { "extrapolation", N_("After the last point"), FIELD_EXTRAPOLATION, UNIT_NONE, 0, RANGE_ANY, NULL },
  OFFSET_START
};

#undef OFFSET_START
#undef NUMBER

static const SignalType signal_types[] = {
  { "constant", N_("Constant"), constant_fields },
  { "step", N_("Step"), step_fields },
  { "ramp", N_("Ramp"), ramp_fields },
  { "sine", N_("Sine"), sine_fields },
  { "exp_sine", N_("Damped sine"), exp_sine_fields },
  { "pulse", N_("Pulse"), pulse_fields },
  { "sawtooth", N_("Sawtooth"), sawtooth_fields },
  { "trapezoid", N_("Trapezoid"), trapezoid_fields },
  { "table", N_("Table"), table_fields },
};

static const char *const interpolation_names[] = { "linear", "hold", NULL };
static const char *const interpolation_labels[] = { N_("Linear"), N_("Hold (steps)"), NULL };
static const char *const extrapolation_names[] = { "hold", "linear", "periodic", NULL };
static const char *const extrapolation_labels[] = { N_("Hold the last value"), N_("Continue the slope"),
                                                    N_("Repeat"), NULL };

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

G_DEFINE_FINAL_TYPE (SwInspectorSignalRow, sw_inspector_signal_row, ADW_TYPE_EXPANDER_ROW)

enum {
  SIGNAL_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const SignalType *
lookup_type (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (signal_types); i++)
    if (g_strcmp0 (signal_types[i].name, name) == 0)
      return &signal_types[i];
  return NULL;
}

static const char *
field_unit (SwInspectorSignalRow *self,
            const SignalField    *field)
{
  switch (field->unit)
    {
    case UNIT_PARAM: return self->unit;
    case UNIT_SECONDS: return "s";
    case UNIT_HERTZ: return "Hz";
    case UNIT_RADIANS: return "rad";
    case UNIT_PER_SECOND: return "1/s";
    case UNIT_PERCENT: return "%";
    case UNIT_NONE:
    default: return "";
    }
}

/* The unit a field is shown in, and how many of its own unit that is. */
static const char *
field_display_unit (SwInspectorSignalRow *self,
                    const SignalField    *field,
                    double               *scale)
{
  return sw_inspector_display_unit (field_unit (self, field), self->speed_unit, self->angle_unit, scale);
}

/* The same for the parameter itself (table values, the plot). */
static const char *
param_display_unit (SwInspectorSignalRow *self,
                    double               *scale)
{
  return sw_inspector_display_unit (self->unit, self->speed_unit, self->angle_unit, scale);
}

static guint
strv_index (const char *const *names,
            const char        *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return 0;
}

static GListModel *
translated_list (const char *const *labels)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; labels[i] != NULL; i++)
    gtk_string_list_append (list, _(labels[i]));
  return G_LIST_MODEL (list);
}

/* Points as text and back; the values are shown divided by scale. */

static char *
points_to_text (JsonArray *rows,
                double     scale)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; rows != NULL && i < json_array_get_length (rows); i++)
    {
      JsonArray *row = json_array_get_array_element (rows, i);
      g_autofree char *t = sw_inspector_format_number (json_array_get_double_element (row, 0));
      g_autofree char *y = sw_inspector_format_number (json_array_get_double_element (row, 1) / scale);

      g_string_append_printf (s, "%s%s %s", i > 0 ? "; " : "", t, y);
    }
  return g_string_free (s, FALSE);
}

/* "0 0; 1 10" → [[0, 0], [1, 10 scale]]; NULL unless every row is two
 * numbers. */
static JsonArray *
points_from_text (const char *text,
                  double      scale)
{
  g_auto(GStrv) rows = g_strsplit_set (text, ";\n", -1);
  g_autoptr(JsonArray) array = json_array_new ();

  for (guint i = 0; rows[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit_set (g_strstrip (rows[i]), " \t", -1);
      JsonArray *pair;
      double x[2];
      guint n = 0;

      for (guint c = 0; cells[c] != NULL; c++)
        {
          if (cells[c][0] == '\0')
            continue;
          if (n == 2 || !sw_inspector_parse_number (cells[c], &x[n]))
            return NULL;
          n++;
        }
      if (n == 0)
        continue;
      if (n != 2)
        return NULL;
      pair = json_array_sized_new (2);
      json_array_add_double_element (pair, x[0]);
      json_array_add_double_element (pair, x[1] * scale);
      json_array_add_array_element (array, pair);
    }
  if (json_array_get_length (array) == 0)
    return NULL;
  return g_steal_pointer (&array);
}

static JsonArray *
copy_points (JsonArray *rows)
{
  JsonArray *copy = json_array_new ();

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonArray *row = json_array_get_array_element (rows, i);
      JsonArray *pair = json_array_sized_new (2);

      json_array_add_double_element (pair, json_array_get_double_element (row, 0));
      json_array_add_double_element (pair, json_array_get_double_element (row, 1));
      json_array_add_array_element (copy, pair);
    }
  return copy;
}

/* What the points row stands for, in SI; NULL while its text is not valid. */
static JsonArray *
dup_points (SwInspectorSignalRow *self,
            GtkWidget            *row)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  double scale;

  if (self->points_text != NULL && strcmp (text, self->points_text) == 0)
    return copy_points (self->points_shown);
  param_display_unit (self, &scale);
  return points_from_text (text, scale);
}

/* Shows points (SI) in the row, and remembers them as shown. */
static void
show_points (SwInspectorSignalRow *self,
             GtkWidget            *row,
             JsonArray            *points)
{
  double scale;

  param_display_unit (self, &scale);
  /* points may be points_shown itself. */
  json_array_ref (points);
  g_clear_pointer (&self->points_shown, json_array_unref);
  g_free (self->points_text);
  self->points_shown = points;
  self->points_text = points_to_text (points, scale);
  if (strcmp (self->points_text, gtk_editable_get_text (GTK_EDITABLE (row))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (row), self->points_text);
}

/* Composing */

/* Each field on its own is valid (each row shows its own problem). */
static gboolean
fields_valid (SwInspectorSignalRow *self)
{
  for (guint i = 0; self->type != NULL && i < self->n_field_rows; i++)
    {
      const SignalField *field = &self->type->fields[i];
      GtkWidget *row = self->field_rows[i];

      if (field->kind == FIELD_NUMBER && !sw_inspector_number_row_get_valid (SW_INSPECTOR_NUMBER_ROW (row)))
        return FALSE;
      if (field->kind == FIELD_POINTS)
        {
          g_autoptr(JsonArray) points = dup_points (self, row);

          if (points == NULL)
            return FALSE;
        }
    }
  return TRUE;
}

/* The signal the fields describe now. */
static SwSignal *
compose (SwInspectorSignalRow  *self,
         GError               **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonObject) fields = NULL;
  JsonObject *outer;

  if (self->type == NULL)
    {
      g_return_val_if_fail (self->shown != NULL, NULL);
      return sw_signal_ref (self->shown);
    }

  fields = json_object_new ();
  for (guint i = 0; i < self->n_field_rows; i++)
    {
      const SignalField *field = &self->type->fields[i];
      GtkWidget *row = self->field_rows[i];

      switch (field->kind)
        {
        case FIELD_NUMBER:
          if (!sw_inspector_number_row_get_valid (SW_INSPECTOR_NUMBER_ROW (row)))
            {
              g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                           _("%s is not valid"), _(field->label));
              return NULL;
            }
          if (field->range == RANGE_INTEGER)
            json_object_set_int_member (fields, field->name,
                                        (gint64) sw_inspector_number_row_get_value (SW_INSPECTOR_NUMBER_ROW (row)));
          else
            json_object_set_double_member (fields, field->name,
                                           sw_inspector_number_row_get_value (SW_INSPECTOR_NUMBER_ROW (row)));
          break;

        case FIELD_POINTS:
          {
            JsonArray *points = dup_points (self, row);

            if (points == NULL)
              {
                g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                             _("Points: rows of time and value, separated by semicolons"));
                return NULL;
              }
            json_object_set_array_member (fields, field->name, points);
          }
          break;

        case FIELD_INTERPOLATION:
          json_object_set_string_member (fields, field->name,
                                         interpolation_names[adw_combo_row_get_selected (ADW_COMBO_ROW (row))]);
          break;

        case FIELD_EXTRAPOLATION:
          json_object_set_string_member (fields, field->name,
                                         extrapolation_names[adw_combo_row_get_selected (ADW_COMBO_ROW (row))]);
          break;

        default:
          g_assert_not_reached ();
        }
    }

  if (strcmp (self->type->name, "constant") == 0)
    node = json_node_init_double (json_node_alloc (), json_object_get_double_member (fields, "k"));
  else
    {
      outer = json_object_new ();
      json_object_set_object_member (outer, self->type->name, json_object_ref (fields));
      node = json_node_init_object (json_node_alloc (), outer);
      json_object_unref (outer);
    }

  return sw_signal_new_from_json (node, error);
}

static char *
dup_summary (SwInspectorSignalRow *self)
{
  const SignalField *first;
  g_autofree char *unit = NULL;
  g_autofree char *number = NULL;
  const char *space;
  GtkWidget *row;
  double v, scale;

  /* A sensor's output fed back: what it reads. */
  if (self->type == NULL && self->shown != NULL && sw_signal_get_n_inputs (self->shown) > 0)
    return g_strdup_printf (_("Feedback from %s"), sw_signal_get_input (self->shown, 0));
  if (self->type == NULL)
    return g_strdup (self->shown != NULL && strcmp (sw_signal_get_type_name (self->shown), "product") == 0
                     ? _("Product of signals") : _("Sum of signals"));

  first = &self->type->fields[0];
  row = self->n_field_rows > 0 ? self->field_rows[0] : NULL;
  if (first->kind != FIELD_NUMBER || row == NULL)
    return g_strdup (_(self->type->label));

  v = sw_inspector_number_row_get_value (SW_INSPECTOR_NUMBER_ROW (row));
  if (isnan (v))
    return g_strdup (_(self->type->label));
  unit = sw_inspector_dup_unit_text (field_display_unit (self, first, &scale));
  number = sw_inspector_format_number (v / scale);
  /* "90°", but "100 rpm". */
  space = strcmp (unit, "°") == 0 ? "" : " ";
  if (strcmp (self->type->name, "constant") == 0)
    return g_strdup_printf ("%s%s%s", number, space, unit);
  return g_strdup_printf ("%s · %s%s%s", _(self->type->label), number, space, unit);
}

/* The summary under the title (with the shared signal's name). */
static void
update_summary (SwInspectorSignalRow *self)
{
  g_free (self->summary);
  self->summary = dup_summary (self);
  if (self->shared != NULL)
    {
      /* Translators: a parameter that names one of the model's shared
       * signals, e.g. "shared “drive”: 10 N·m, 5 Hz"; editing it gives this
       * parameter a signal of its own. */
      char *text = g_strdup_printf (_("shared “%s”: %s"), self->shared, self->summary);

      g_free (self->summary);
      self->summary = text;
    }
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), self->summary);
}

/* The summary under the title, and what is wrong in a row of its own. */
static void
update_status (SwInspectorSignalRow *self,
               const char           *live_error)
{
  const char *message = self->error != NULL ? self->error : live_error;

  gtk_widget_set_visible (self->error_row, message != NULL);
  if (message != NULL)
    {
      /* The core's messages start inside a sentence. */
      g_autofree char *text = g_strdup (message);

      text[0] = g_ascii_toupper (text[0]);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->error_row), text);
    }

  update_summary (self);
}

/* The plot follows the fields while they describe a valid signal. */
static void
update_preview (SwInspectorSignalRow *self)
{
  g_autoptr(GError) error = NULL;
  SwSignal *signal = NULL;

  /* A field that is wrong by itself says so on its row; what the core
   * finds wrong in them together goes into the error row. */
  if (self->type != NULL && fields_valid (self))
    signal = compose (self, &error);
  if (signal == NULL && self->shown != NULL)
    signal = sw_signal_ref (self->shown);

  g_clear_pointer (&self->preview, sw_signal_unref);
  self->preview = signal;
  update_status (self, error != NULL ? error->message : NULL);
  gtk_widget_queue_draw (self->preview_area);
}

static void
clear_pending (SwInspectorSignalRow *self)
{
  for (guint i = 0; i < self->n_field_rows; i++)
    if (SW_IS_INSPECTOR_NUMBER_ROW (self->field_rows[i]))
      sw_inspector_number_row_clear_pending (SW_INSPECTOR_NUMBER_ROW (self->field_rows[i]));
  self->points_pending = FALSE;
}

static void
commit (SwInspectorSignalRow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSignal) signal = NULL;

  /* Not while the rows are replaced (a focused one reports leaving). */
  if (self->syncing || self->type == NULL || !fields_valid (self))
    return;

  signal = compose (self, &error);
  if (signal == NULL)
    {
      update_status (self, error->message);
      return;
    }

  g_clear_pointer (&self->error, g_free);
  clear_pending (self);
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_EDITED], 0, signal);
  g_object_unref (self);
}

/* The fields' rows */

static void
field_committed_cb (SwInspectorNumberRow *row,
                    double                value,
                    SwInspectorSignalRow *self)
{
  commit (self);
}

static void
field_value_cb (SwInspectorNumberRow *row,
                GParamSpec           *pspec,
                SwInspectorSignalRow *self)
{
  if (!self->syncing)
    {
      g_clear_pointer (&self->error, g_free);
      update_preview (self);
    }
}

static void
points_check (SwInspectorSignalRow *self,
              GtkWidget            *row)
{
  g_autoptr(JsonArray) points = points_from_text (gtk_editable_get_text (GTK_EDITABLE (row)), 1);

  if (points != NULL)
    {
      gtk_widget_remove_css_class (row, "error");
      gtk_widget_set_tooltip_text (row, _(table_fields[0].help));
    }
  else
    {
      gtk_widget_add_css_class (row, "error");
      gtk_widget_set_tooltip_text (row, _("Valid: rows of time (s) and value separated by semicolons, "
                                          "e.g. 0 0; 1 10; 2 10"));
    }
}

static void
points_changed_cb (GtkEditable          *row,
                   SwInspectorSignalRow *self)
{
  if (self->syncing)
    return;
  self->points_pending = TRUE;
  g_clear_pointer (&self->error, g_free);
  points_check (self, GTK_WIDGET (row));
  update_preview (self);
}

static void
points_commit_cb (SwInspectorSignalRow *self)
{
  if (self->points_pending)
    commit (self);
}

static void
points_leave_cb (GtkEventControllerFocus *focus,
                 SwInspectorSignalRow    *self)
{
  points_commit_cb (self);
}

static void
choice_cb (AdwComboRow          *row,
           GParamSpec           *pspec,
           SwInspectorSignalRow *self)
{
  if (self->syncing)
    return;
  g_clear_pointer (&self->error, g_free);
  update_preview (self);
  commit (self);
}

static void
set_child_name (SwInspectorSignalRow *self,
                GtkWidget            *row,
                const char           *what)
{
  g_autofree char *name = g_strconcat (self->param, ".", what, NULL);

  gtk_widget_set_name (row, name);
}

static GtkWidget *
create_field_row (SwInspectorSignalRow *self,
                  const SignalField    *field)
{
  GtkWidget *row;

  switch (field->kind)
    {
    case FIELD_NUMBER:
      {
        double scale;
        const char *unit = field_display_unit (self, field, &scale);

        row = sw_inspector_number_row_new (_(field->label), field->name, field_unit (self, field));
        sw_inspector_number_row_set_display_unit (SW_INSPECTOR_NUMBER_ROW (row), unit, scale);
      }
      switch (field->range)
        {
        case RANGE_NONNEGATIVE:
          sw_inspector_number_row_set_range (SW_INSPECTOR_NUMBER_ROW (row), 0, INFINITY, FALSE, FALSE);
          break;
        case RANGE_POSITIVE:
          sw_inspector_number_row_set_range (SW_INSPECTOR_NUMBER_ROW (row), 0, INFINITY, TRUE, FALSE);
          break;
        case RANGE_PERCENT:
          sw_inspector_number_row_set_range (SW_INSPECTOR_NUMBER_ROW (row), 0, 100, TRUE, FALSE);
          break;
        case RANGE_INTEGER:
          sw_inspector_number_row_set_integer (SW_INSPECTOR_NUMBER_ROW (row), TRUE);
          break;
        case RANGE_ANY:
        default:
          break;
        }
      sw_inspector_number_row_set_help (SW_INSPECTOR_NUMBER_ROW (row), _(field->help));
      g_signal_connect (row, "committed", G_CALLBACK (field_committed_cb), self);
      g_signal_connect (row, "notify::value", G_CALLBACK (field_value_cb), self);
      break;

    case FIELD_POINTS:
      {
        GtkEventController *focus = gtk_event_controller_focus_new ();

        row = adw_entry_row_new ();
        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(field->label));
        g_signal_connect (row, "changed", G_CALLBACK (points_changed_cb), self);
        g_signal_connect_swapped (row, "entry-activated", G_CALLBACK (points_commit_cb), self);
        g_signal_connect (focus, "leave", G_CALLBACK (points_leave_cb), self);
        gtk_widget_add_controller (row, focus);
      }
      break;

    case FIELD_INTERPOLATION:
    case FIELD_EXTRAPOLATION:
      {
        g_autoptr(GListModel) model =
          translated_list (field->kind == FIELD_INTERPOLATION ? interpolation_labels : extrapolation_labels);

        row = adw_combo_row_new ();
        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(field->label));
        adw_combo_row_set_model (ADW_COMBO_ROW (row), model);
        g_signal_connect (row, "notify::selected", G_CALLBACK (choice_cb), self);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  set_child_name (self, row, field->name);
  return row;
}

/* A constant's value, an amplitude and a height stand for the same. */
static gboolean
same_meaning (const char *a,
              const char *b)
{
  static const char *const heights[] = { "k", "amplitude", "height", NULL };

  return strcmp (a, b) == 0 || (g_strv_contains (heights, a) && g_strv_contains (heights, b));
}

/* The value of a field of the old type that means the same as field, or
 * field's default (a round number in the unit shown). */
static double
carried_value (SwInspectorSignalRow *self,
               const SignalType     *old_type,
               GtkWidget *const     *old_rows,
               guint                 n_old,
               const SignalField    *field)
{
  double scale;

  for (guint i = 0; old_type != NULL && i < n_old; i++)
    {
      const SignalField *old = &old_type->fields[i];
      double v;

      /* Not across units: a pulse's width in % is not a trapezoid's in s. */
      if (old->kind != FIELD_NUMBER || !same_meaning (old->name, field->name) ||
          old->unit != field->unit || old->range != field->range)
        continue;
      v = sw_inspector_number_row_get_value (SW_INSPECTOR_NUMBER_ROW (old_rows[i]));
      if (!isnan (v))
        return v;
    }
  field_display_unit (self, field, &scale);
  return field->default_value * scale;
}

/* Replaces the field rows by those of type, with values carried over from
 * the old ones where they mean the same, defaults elsewhere. */
static void
build_fields (SwInspectorSignalRow *self,
              const SignalType     *type)
{
  GtkWidget *old_rows[MAX_FIELDS];
  const SignalType *old_type = self->type;
  guint n_old = self->n_field_rows;

  self->syncing = TRUE;
  g_clear_pointer (&self->points_shown, json_array_unref);
  g_clear_pointer (&self->points_text, g_free);

  /* Keep the old rows alive until their values are read. */
  for (guint i = 0; i < n_old; i++)
    {
      old_rows[i] = g_object_ref (self->field_rows[i]);
      adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->field_rows[i]);
    }
  self->n_field_rows = 0;
  gtk_widget_set_visible (self->info_row, type == NULL);

  g_object_ref (self->error_row);
  adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->error_row);
  g_object_ref (self->preview_row);
  adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->preview_row);

  self->type = type;
  for (guint i = 0; type != NULL && type->fields[i].name != NULL; i++)
    {
      const SignalField *field = &type->fields[i];
      GtkWidget *row = create_field_row (self, field);

      g_assert (i < MAX_FIELDS);
      if (field->kind == FIELD_NUMBER)
        sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (row),
                                            carried_value (self, old_type, old_rows, n_old, field));
      else if (field->kind == FIELD_POINTS)
        {
          gtk_editable_set_text (GTK_EDITABLE (row), "0 0; 1 1");
          points_check (self, row);
        }
      self->field_rows[self->n_field_rows++] = row;
      adw_expander_row_add_row (ADW_EXPANDER_ROW (self), row);
    }
  self->syncing = FALSE;

  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->error_row);
  g_object_unref (self->error_row);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->preview_row);
  g_object_unref (self->preview_row);

  for (guint i = 0; i < n_old; i++)
    g_object_unref (old_rows[i]);
}

static void
type_cb (AdwComboRow          *row,
         GParamSpec           *pspec,
         SwInspectorSignalRow *self)
{
  guint selected = adw_combo_row_get_selected (row);

  if (self->syncing || selected >= G_N_ELEMENTS (signal_types))
    return;
  if (self->type == &signal_types[selected])
    return;

  g_clear_pointer (&self->error, g_free);
  build_fields (self, &signal_types[selected]);
  update_preview (self);
  commit (self);
}

/* Shows the fields of a signal from the model. */
static void
show_fields (SwInspectorSignalRow *self,
             const SwSignal       *signal)
{
  g_autoptr(JsonNode) node = sw_signal_to_json (signal);
  JsonObject *fields = NULL;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *outer = json_node_get_object (node);
      JsonNode *inner = json_object_get_member (outer, self->type->name);

      if (inner != NULL && JSON_NODE_HOLDS_OBJECT (inner))
        fields = json_node_get_object (inner);
    }

  self->syncing = TRUE;
  for (guint i = 0; i < self->n_field_rows; i++)
    {
      const SignalField *field = &self->type->fields[i];
      GtkWidget *row = self->field_rows[i];

      switch (field->kind)
        {
        case FIELD_NUMBER:
          if (JSON_NODE_HOLDS_VALUE (node))
            sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (row), json_node_get_double (node));
          else if (fields != NULL && json_object_has_member (fields, field->name))
            sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (row),
                                                json_object_get_double_member (fields, field->name));
          break;

        case FIELD_POINTS:
          if (!self->points_pending && fields != NULL && json_object_has_member (fields, field->name))
            {
              show_points (self, row, json_object_get_array_member (fields, field->name));
              points_check (self, row);
            }
          break;

        case FIELD_INTERPOLATION:
        case FIELD_EXTRAPOLATION:
          if (fields != NULL && json_object_has_member (fields, field->name))
            adw_combo_row_set_selected (ADW_COMBO_ROW (row),
                                        strv_index (field->kind == FIELD_INTERPOLATION
                                                    ? interpolation_names : extrapolation_names,
                                                    json_object_get_string_member (fields, field->name)));
          break;

        default:
          g_assert_not_reached ();
        }
    }
  self->syncing = FALSE;
}

/* The plot */

/* Samples, with the value on both sides of each jump. */
static GArray *
sample (const SwSignal *signal,
        double          stop_time_s,
        guint           n)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (double) * 2);
  double t_prev = 0, p[2];

  p[0] = 0;
  p[1] = sw_signal_eval (signal, 0, FALSE, NULL, NULL);
  g_array_append_val (points, p);

  for (guint i = 1; i <= n; i++)
    {
      double t = stop_time_s * i / n, te;
      guint n_events = 0;

      /* More than a few events between two samples are not visible
       * anyway (a fast pulse): the samples then show what they show. */
      while (n_events < 4 && sw_signal_next_event (signal, t_prev, &te) && te < t)
        {
          p[0] = te;
          p[1] = sw_signal_eval (signal, te, TRUE, NULL, NULL);
          g_array_append_val (points, p);
          p[1] = sw_signal_eval (signal, te, FALSE, NULL, NULL);
          g_array_append_val (points, p);
          t_prev = te;
          n_events++;
        }
      p[0] = t;
      p[1] = sw_signal_eval (signal, t, i == n, NULL, NULL);
      g_array_append_val (points, p);
      t_prev = t;
    }
  return points;
}

static void
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
    return;

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

/* The ends of the axes are round numbers (nice_step): as the fields show
 * numbers ("3000", "1e4"), with a true minus. */
static char *
label_number (double v)
{
  g_autofree char *text = NULL;

  if (fabs (v) < 1e-12)
    v = 0;
  text = sw_inspector_format_number (v);
  if (text[0] == '-')
    return g_strconcat ("−", text + 1, NULL);
  return g_steal_pointer (&text);
}

void
sw_inspector_signal_draw_preview (cairo_t        *cr,
                                  GtkWidget      *layout_for,
                                  const SwSignal *signal,
                                  double          stop_time_s,
                                  double          value_scale,
                                  const char     *value_unit,
                                  int             width,
                                  int             height,
                                  const GdkRGBA  *fg,
                                  const GdkRGBA  *accent)
{
  g_autoptr(GArray) points = NULL;
  g_autofree char *top = NULL;
  g_autofree char *bottom = NULL;
  g_autofree char *end = NULL;
  double left = 44, right = 6, above = 6, below = 16;
  double pw, ph, lo = INFINITY, hi = -INFINITY, T;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (fg != NULL && accent != NULL);
  g_return_if_fail (isfinite (value_scale) && value_scale > 0);

  if (signal == NULL)
    return;

  T = isfinite (stop_time_s) && stop_time_s > 0 ? stop_time_s : 1;
  pw = width - left - right;
  ph = height - above - below;
  if (pw < 8 || ph < 8)
    return;

  points = sample (signal, T, (guint) MAX (pw, 2));
  for (guint i = 0; i < points->len; i++)
    {
      double *p = &g_array_index (points, double, 2 * i);

      /* In the unit shown from here on. */
      p[1] /= value_scale;
      if (isfinite (p[1]))
        {
          lo = MIN (lo, p[1]);
          hi = MAX (hi, p[1]);
        }
    }
  if (!isfinite (lo) || !isfinite (hi))
    return;
  if (hi - lo <= 1e-12 * MAX (1, fabs (hi)))
    {
      /* Flat: a line through the middle. */
      double pad = fabs (hi) > 0 ? fabs (hi) * 0.5 : 1;

      lo -= pad;
      hi += pad;
    }
  else
    {
      /* Out to round numbers: a sine of amplitude 10 sampled near its
       * peaks shows ±10, not ±9.99. */
      double step = nice_step ((hi - lo) / 4);

      lo = floor (lo / step + 1e-9) * step;
      hi = ceil (hi / step - 1e-9) * step;
    }

  /* Frame and zero line. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.2);
  cairo_rectangle (cr, left + 0.5, above + 0.5, pw - 1, ph - 1);
  cairo_stroke (cr);
  if (lo < 0 && hi > 0)
    {
      double y0 = round (above + ph * hi / (hi - lo)) + 0.5;
      static const double dash[] = { 3, 3 };

      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, left, y0);
      cairo_line_to (cr, left + pw, y0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* The curve. */
  cairo_save (cr);
  cairo_rectangle (cr, left, above - 1, pw, ph + 2);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, accent->alpha);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < points->len; i++)
    {
      const double *p = &g_array_index (points, double, 2 * i);
      double x = left + pw * p[0] / T;
      double y = above + 1 + (ph - 2) * (hi - p[1]) / (hi - lo);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);

  /* Labels: the value range on the left, the time span below. */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
  top = label_number (hi);
  bottom = label_number (lo);
  draw_text (cr, layout_for, top, left - 4, above, 1, 0);
  /* The unit of the values, halfway up their axis. */
  if (value_unit != NULL && value_unit[0] != '\0')
    {
      g_autofree char *unit = sw_inspector_dup_unit_text (value_unit);

      draw_text (cr, layout_for, unit, left - 4, above + ph / 2, 1, 0.5);
    }
  draw_text (cr, layout_for, bottom, left - 4, above + ph, 1, 1);
  draw_text (cr, layout_for, "0", left, above + ph + 1, 0, 0);
  {
    g_autofree char *t = label_number (T);

    end = g_strdup_printf ("%s s", t);
  }
  draw_text (cr, layout_for, end, left + pw, above + ph + 1, 1, 0);
}

static void
preview_draw_cb (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        user_data)
{
  SwInspectorSignalRow *self = user_data;
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (area));
  GdkRGBA fg, accent;
  const char *unit;
  double scale;

  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", &accent))
    gdk_rgba_parse (&accent, "#3584e4");

  unit = param_display_unit (self, &scale);
  sw_inspector_signal_draw_preview (cr, GTK_WIDGET (area), self->preview, self->stop_time_s,
                                    scale, unit, width, height, &fg, &accent);
}

/* The object */

static void
sw_inspector_signal_row_dispose (GObject *object)
{
  SwInspectorSignalRow *self = SW_INSPECTOR_SIGNAL_ROW (object);

  g_clear_pointer (&self->shown, sw_signal_unref);
  g_clear_pointer (&self->preview, sw_signal_unref);
  g_clear_pointer (&self->points_shown, json_array_unref);
  g_clear_pointer (&self->points_text, g_free);

  G_OBJECT_CLASS (sw_inspector_signal_row_parent_class)->dispose (object);
}

static void
sw_inspector_signal_row_finalize (GObject *object)
{
  SwInspectorSignalRow *self = SW_INSPECTOR_SIGNAL_ROW (object);

  g_clear_pointer (&self->param, g_free);
  g_clear_pointer (&self->unit, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->summary, g_free);
  g_clear_pointer (&self->shared, g_free);

  G_OBJECT_CLASS (sw_inspector_signal_row_parent_class)->finalize (object);
}

static void
sw_inspector_signal_row_class_init (SwInspectorSignalRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = sw_inspector_signal_row_dispose;
  object_class->finalize = sw_inspector_signal_row_finalize;

  signals[SIGNAL_EDITED] =
    g_signal_new ("signal-edited",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
sw_inspector_signal_row_init (SwInspectorSignalRow *self)
{
  self->stop_time_s = 1;
  self->speed_unit = g_intern_static_string ("rad/s");
  self->angle_unit = g_intern_static_string ("rad");
}

GtkWidget *
sw_inspector_signal_row_new (const SwParamDesc *desc)
{
  SwInspectorSignalRow *self;
  g_autoptr(GtkStringList) types = gtk_string_list_new (NULL);
  GtkWidget *label;

  g_return_val_if_fail (desc != NULL, NULL);
  g_return_val_if_fail (desc->type == SW_PARAM_SIGNAL, NULL);

  self = g_object_new (SW_TYPE_INSPECTOR_SIGNAL_ROW,
                       "use-markup", FALSE,
                       "title", _(desc->label),
                       "expanded", TRUE,
                       NULL);
  self->param = g_strdup (desc->name);
  self->unit = g_strdup (desc->unit);
  if (desc->help != NULL)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), _(desc->help));

  for (guint i = 0; i < G_N_ELEMENTS (signal_types); i++)
    gtk_string_list_append (types, _(signal_types[i].label));
  self->type_row = adw_combo_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->type_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->type_row), _("Type"));
  adw_combo_row_set_model (ADW_COMBO_ROW (self->type_row), G_LIST_MODEL (types));
  set_child_name (self, self->type_row, "type");
  g_signal_connect (self->type_row, "notify::selected", G_CALLBACK (type_cb), self);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->type_row);

  self->info_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->info_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->info_row),
                                 _("A combination of signals: edit it in the model file, "
                                   "or choose a type above to replace it"));
  adw_action_row_set_title_lines (ADW_ACTION_ROW (self->info_row), 0);
  gtk_widget_set_visible (self->info_row, FALSE);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->info_row);

  self->error_row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->error_row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (self->error_row), 0);
  adw_action_row_set_icon_name (ADW_ACTION_ROW (self->error_row), "dialog-warning-symbolic");
  gtk_widget_add_css_class (self->error_row, "error");
  gtk_widget_set_visible (self->error_row, FALSE);
  set_child_name (self, self->error_row, "error");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->error_row);

  self->preview_area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->preview_area), PREVIEW_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview_area), preview_draw_cb, self, NULL);
  gtk_widget_set_hexpand (self->preview_area, TRUE);
  gtk_widget_set_margin_start (self->preview_area, 6);
  gtk_widget_set_margin_end (self->preview_area, 12);
  gtk_widget_set_margin_top (self->preview_area, 8);
  gtk_widget_set_margin_bottom (self->preview_area, 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview_area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Plot of the signal over the simulated time"),
                                  -1);
  self->preview_row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->preview_row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (self->preview_row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self->preview_row), self->preview_area);
  set_child_name (self, self->preview_row, "preview");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->preview_row);

  /* The unit at the end of the title line. */
  if (desc->unit != NULL && desc->unit[0] != '\0')
    {
      g_autofree char *unit = sw_inspector_dup_unit_text (desc->unit);

      label = gtk_label_new (unit);
      gtk_widget_add_css_class (label, "dim-label");
      adw_expander_row_add_action (ADW_EXPANDER_ROW (self), label);
      self->unit_label = label;
    }

  return GTK_WIDGET (self);
}

void
sw_inspector_signal_row_set_signal (SwInspectorSignalRow *self,
                                    const SwSignal       *signal)
{
  const SignalType *type;
  guint selected;

  g_return_if_fail (SW_IS_INSPECTOR_SIGNAL_ROW (self));
  g_return_if_fail (signal != NULL);

  g_clear_pointer (&self->shown, sw_signal_unref);
  self->shown = sw_signal_ref ((SwSignal *) signal);

  type = lookup_type (sw_signal_get_type_name (signal));
  if (type != self->type || (type == NULL && self->n_field_rows == 0))
    {
      self->points_pending = FALSE;
      build_fields (self, type);
    }
  if (type != NULL)
    show_fields (self, signal);

  /* Feedback depends on the motion: no preview over time. */
  gtk_widget_set_visible (self->preview_row, sw_signal_get_n_inputs (signal) == 0);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->info_row),
                                 sw_signal_get_n_inputs (signal) > 0
                                 ? _("A sensor's output fed back: edit it in the model file, "
                                     "or choose a type above to replace it")
                                 : _("A combination of signals: edit it in the model file, "
                                     "or choose a type above to replace it"));
  selected = type != NULL ? (guint) (type - signal_types) : GTK_INVALID_LIST_POSITION;
  self->syncing = TRUE;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->type_row), selected);
  self->syncing = FALSE;

  g_clear_pointer (&self->error, g_free);
  update_preview (self);
}

void
sw_inspector_signal_row_set_shared (SwInspectorSignalRow *self,
                                    const char           *name)
{
  g_return_if_fail (SW_IS_INSPECTOR_SIGNAL_ROW (self));

  g_free (self->shared);
  self->shared = g_strdup (name);
  update_summary (self);
}

void
sw_inspector_signal_row_set_units (SwInspectorSignalRow *self,
                                   const char           *speed_unit,
                                   const char           *angle_unit)
{
  const char *unit;
  double old_scale, scale;

  g_return_if_fail (SW_IS_INSPECTOR_SIGNAL_ROW (self));
  g_return_if_fail (speed_unit != NULL && angle_unit != NULL);

  speed_unit = g_intern_string (speed_unit);
  angle_unit = g_intern_string (angle_unit);
  if (self->speed_unit == speed_unit && self->angle_unit == angle_unit)
    return;

  param_display_unit (self, &old_scale);
  self->speed_unit = speed_unit;
  self->angle_unit = angle_unit;

  unit = param_display_unit (self, &scale);
  if (self->unit_label != NULL)
    {
      g_autofree char *text = sw_inspector_dup_unit_text (unit);

      gtk_label_set_text (GTK_LABEL (self->unit_label), text);
    }

  /* The number rows keep their values (and edits) and show them anew. */
  self->syncing = TRUE;
  for (guint i = 0; self->type != NULL && i < self->n_field_rows; i++)
    {
      const SignalField *field = &self->type->fields[i];
      GtkWidget *row = self->field_rows[i];

      if (field->kind == FIELD_NUMBER)
        {
          double field_scale;
          const char *field_unit_shown = field_display_unit (self, field, &field_scale);

          sw_inspector_number_row_set_display_unit (SW_INSPECTOR_NUMBER_ROW (row), field_unit_shown, field_scale);
        }
      else if (field->kind == FIELD_POINTS && scale != old_scale)
        {
          const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

          if (self->points_text != NULL && strcmp (text, self->points_text) == 0)
            show_points (self, row, self->points_shown);
          else
            {
              /* Typed and not applied: the same values, written anew. */
              g_autoptr(JsonArray) points = points_from_text (text, old_scale);

              if (points != NULL)
                {
                  g_autofree char *new_text = points_to_text (points, scale);

                  gtk_editable_set_text (GTK_EDITABLE (row), new_text);
                }
            }
        }
    }
  self->syncing = FALSE;

  update_preview (self);
}

void
sw_inspector_signal_row_set_stop_time (SwInspectorSignalRow *self,
                                       double                stop_time_s)
{
  g_return_if_fail (SW_IS_INSPECTOR_SIGNAL_ROW (self));

  if (self->stop_time_s == stop_time_s)
    return;
  self->stop_time_s = stop_time_s;
  gtk_widget_queue_draw (self->preview_area);
}

const SwSignal *
sw_inspector_signal_row_get_preview (SwInspectorSignalRow *self)
{
  g_return_val_if_fail (SW_IS_INSPECTOR_SIGNAL_ROW (self), NULL);

  return self->preview;
}

void
sw_inspector_signal_row_set_error (SwInspectorSignalRow *self,
                                   const char           *message)
{
  g_return_if_fail (SW_IS_INSPECTOR_SIGNAL_ROW (self));

  g_free (self->error);
  self->error = g_strdup (message);
  update_status (self, NULL);
}

void
sw_inspector_signal_row_commit (SwInspectorSignalRow *self)
{
  gboolean pending;

  g_return_if_fail (SW_IS_INSPECTOR_SIGNAL_ROW (self));

  pending = self->points_pending;
  for (guint i = 0; i < self->n_field_rows; i++)
    if (SW_IS_INSPECTOR_NUMBER_ROW (self->field_rows[i]) &&
        sw_inspector_number_row_get_pending (SW_INSPECTOR_NUMBER_ROW (self->field_rows[i])))
      pending = TRUE;
  if (pending)
    commit (self);
}
