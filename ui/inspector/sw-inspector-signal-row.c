/* sw-inspector-signal-row.c: type, fields and plot of a signal parameter.
 *
 * The field tables below mirror those of core/model/sw-signal.c (names,
 * defaults, ranges); the units are what the fields mean here, the unit of
 * the parameter for amplitudes and offsets. The core reads what is composed
 * and has the last word: its messages are shown when it refuses.
 *
 * Fields in rad/s or rad (the amplitude of a speed, a phase), the values of
 * a table of a speed or angle, and the plot's value axis are shown in the
 * units of the preferences (sw_inspector_display_unit()); the number rows
 * convert, and what is composed is in SI, like the file.
 *
 * The fields' rows are made in sw-inspector-signal-fields.c, the plot drawn
 * in sw-inspector-signal-preview.c (sw-inspector-signal-row-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-signal-row.h"
#include "sw-inspector-signal-row-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-error.h"
#include "sw-inspector-number-row.h"

#define PREVIEW_HEIGHT 96

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
const SignalField _sw_inspector_table_fields[] = {
  { "points", N_("Points"), FIELD_POINTS, UNIT_NONE, 0, RANGE_ANY,
    N_("Rows of time (s) and value, separated by semicolons: 0 0; 1 10; 2 10") },
  { "interpolation", N_("Between points"), FIELD_INTERPOLATION, UNIT_NONE, 0, RANGE_ANY, NULL },
  { "extrapolation", N_("After the last point"), FIELD_EXTRAPOLATION, UNIT_NONE, 0, RANGE_ANY, NULL },
  OFFSET_START
};

#undef OFFSET_START
#undef NUMBER

const SignalType _sw_inspector_signal_types[] = {
  { "constant", N_("Constant"), constant_fields },
  { "step", N_("Step"), step_fields },
  { "ramp", N_("Ramp"), ramp_fields },
  { "sine", N_("Sine"), sine_fields },
  { "exp_sine", N_("Damped sine"), exp_sine_fields },
  { "pulse", N_("Pulse"), pulse_fields },
  { "sawtooth", N_("Sawtooth"), sawtooth_fields },
  { "trapezoid", N_("Trapezoid"), trapezoid_fields },
  { "table", N_("Table"), _sw_inspector_table_fields },
};

/* The order of core/model's SwInterpolation names; the cubic ones as
 * Modelica's CombiTimeTable names its smoothness. */
const char *const _sw_inspector_interpolation_names[] = { "linear", "hold", "akima", "fritsch-butland", "steffen",
                                                          NULL };
const char *const _sw_inspector_interpolation_labels[] = { N_("Linear"), N_("Hold (steps)"), N_("Smooth (Akima)"),
                                                           N_("Smooth, monotone (Fritsch–Butland)"),
                                                           N_("Smooth, monotone (Steffen)"), NULL };
const char *const _sw_inspector_extrapolation_names[] = { "hold", "linear", "periodic", "none", NULL };
const char *const _sw_inspector_extrapolation_labels[] = { N_("Hold the last value"), N_("Continue the slope"),
                                                    N_("Repeat"), N_("Stop the run (none)"), NULL };

G_DEFINE_FINAL_TYPE (SwInspectorSignalRow, sw_inspector_signal_row, ADW_TYPE_EXPANDER_ROW)

enum {
  SIGNAL_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const SignalType *
lookup_type (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (_sw_inspector_signal_types); i++)
    if (g_strcmp0 (_sw_inspector_signal_types[i].name, name) == 0)
      return &_sw_inspector_signal_types[i];
  return NULL;
}

const char *
_sw_inspector_signal_row_field_unit (SwInspectorSignalRow *self,
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
const char *
_sw_inspector_signal_row_field_display_unit (SwInspectorSignalRow *self,
                                             const SignalField    *field,
                                             double               *scale)
{
  return sw_inspector_display_unit (_sw_inspector_signal_row_field_unit (self, field), self->speed_unit, self->angle_unit, scale);
}

/* The same for the parameter itself (table values, the plot). */
const char *
_sw_inspector_signal_row_param_display_unit (SwInspectorSignalRow *self,
                                             double               *scale)
{
  return sw_inspector_display_unit (self->unit, self->speed_unit, self->angle_unit, scale);
}

guint
_sw_inspector_signal_row_strv_index (const char *const *names,
                                     const char        *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return 0;
}

GListModel *
_sw_inspector_signal_row_translated_list (const char *const *labels)
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
JsonArray *
_sw_inspector_signal_row_points_from_text (const char *text,
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
  _sw_inspector_signal_row_param_display_unit (self, &scale);
  return _sw_inspector_signal_row_points_from_text (text, scale);
}

/* Shows points (SI) in the row, and remembers them as shown. */
void
_sw_inspector_signal_row_show_points (SwInspectorSignalRow *self,
                                      GtkWidget            *row,
                                      JsonArray            *points)
{
  double scale;

  _sw_inspector_signal_row_param_display_unit (self, &scale);
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
                                         _sw_inspector_interpolation_names[adw_combo_row_get_selected (ADW_COMBO_ROW (row))]);
          break;

        case FIELD_EXTRAPOLATION:
          json_object_set_string_member (fields, field->name,
                                         _sw_inspector_extrapolation_names[adw_combo_row_get_selected (ADW_COMBO_ROW (row))]);
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
  unit = sw_inspector_dup_unit_text (_sw_inspector_signal_row_field_display_unit (self, first, &scale));
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
void
_sw_inspector_signal_row_update_preview (SwInspectorSignalRow *self)
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

void
_sw_inspector_signal_row_commit (SwInspectorSignalRow *self)
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

  for (guint i = 0; i < G_N_ELEMENTS (_sw_inspector_signal_types); i++)
    gtk_string_list_append (types, _(_sw_inspector_signal_types[i].label));
  self->type_row = adw_combo_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->type_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->type_row), _("Type"));
  adw_combo_row_set_model (ADW_COMBO_ROW (self->type_row), G_LIST_MODEL (types));
  _sw_inspector_signal_row_set_child_name (self, self->type_row, "type");
  g_signal_connect (self->type_row, "notify::selected", G_CALLBACK (_sw_inspector_signal_row_type_cb), self);
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
  _sw_inspector_signal_row_set_child_name (self, self->error_row, "error");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), self->error_row);

  self->preview_area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->preview_area), PREVIEW_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview_area), _sw_inspector_signal_row_preview_draw_cb, self, NULL);
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
  _sw_inspector_signal_row_set_child_name (self, self->preview_row, "preview");
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
      _sw_inspector_signal_row_build_fields (self, type);
    }
  if (type != NULL)
    _sw_inspector_signal_row_show_fields (self, signal);

  /* Feedback depends on the motion: no preview over time. */
  gtk_widget_set_visible (self->preview_row, sw_signal_get_n_inputs (signal) == 0);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->info_row),
                                 sw_signal_get_n_inputs (signal) > 0
                                 ? _("A sensor's output fed back: edit it in the model file, "
                                     "or choose a type above to replace it")
                                 : _("A combination of signals: edit it in the model file, "
                                     "or choose a type above to replace it"));
  selected = type != NULL ? (guint) (type - _sw_inspector_signal_types) : GTK_INVALID_LIST_POSITION;
  self->syncing = TRUE;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->type_row), selected);
  self->syncing = FALSE;

  g_clear_pointer (&self->error, g_free);
  _sw_inspector_signal_row_update_preview (self);
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

  _sw_inspector_signal_row_param_display_unit (self, &old_scale);
  self->speed_unit = speed_unit;
  self->angle_unit = angle_unit;

  unit = _sw_inspector_signal_row_param_display_unit (self, &scale);
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
          const char *field_unit_shown = _sw_inspector_signal_row_field_display_unit (self, field, &field_scale);

          sw_inspector_number_row_set_display_unit (SW_INSPECTOR_NUMBER_ROW (row), field_unit_shown, field_scale);
        }
      else if (field->kind == FIELD_POINTS && scale != old_scale)
        {
          const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

          if (self->points_text != NULL && strcmp (text, self->points_text) == 0)
            _sw_inspector_signal_row_show_points (self, row, self->points_shown);
          else
            {
              /* Typed and not applied: the same values, written anew. */
              g_autoptr(JsonArray) points = _sw_inspector_signal_row_points_from_text (text, old_scale);

              if (points != NULL)
                {
                  g_autofree char *new_text = points_to_text (points, scale);

                  gtk_editable_set_text (GTK_EDITABLE (row), new_text);
                }
            }
        }
    }
  self->syncing = FALSE;

  _sw_inspector_signal_row_update_preview (self);
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
    _sw_inspector_signal_row_commit (self);
}
