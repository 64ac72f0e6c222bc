/* sw-inspector-signal-fields.c: the rows of a signal's fields: a number
 * row per number (in the units of the preferences), the points of a table
 * as text, its interpolation and extrapolation; made anew when the type
 * changes, carrying over the values that mean the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-signal-row-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-inspector-number-row.h"

/* The fields' rows */

static void
field_committed_cb (SwInspectorNumberRow *row,
                    double                value,
                    SwInspectorSignalRow *self)
{
  _sw_inspector_signal_row_commit (self);
}

static void
field_value_cb (SwInspectorNumberRow *row,
                GParamSpec           *pspec,
                SwInspectorSignalRow *self)
{
  if (!self->syncing)
    {
      g_clear_pointer (&self->error, g_free);
      _sw_inspector_signal_row_update_preview (self);
    }
}

static void
points_check (SwInspectorSignalRow *self,
              GtkWidget            *row)
{
  g_autoptr(JsonArray) points = _sw_inspector_signal_row_points_from_text (gtk_editable_get_text (GTK_EDITABLE (row)), 1);

  if (points != NULL)
    {
      gtk_widget_remove_css_class (row, "error");
      gtk_widget_set_tooltip_text (row, _(_sw_inspector_table_fields[0].help));
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
  _sw_inspector_signal_row_update_preview (self);
}

static void
points_commit_cb (SwInspectorSignalRow *self)
{
  if (self->points_pending)
    _sw_inspector_signal_row_commit (self);
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
  _sw_inspector_signal_row_update_preview (self);
  _sw_inspector_signal_row_commit (self);
}

void
_sw_inspector_signal_row_set_child_name (SwInspectorSignalRow *self,
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
        const char *unit = _sw_inspector_signal_row_field_display_unit (self, field, &scale);

        row = sw_inspector_number_row_new (_(field->label), field->name, _sw_inspector_signal_row_field_unit (self, field));
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
          _sw_inspector_signal_row_translated_list (field->kind == FIELD_INTERPOLATION ? _sw_inspector_interpolation_labels : _sw_inspector_extrapolation_labels);

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

  _sw_inspector_signal_row_set_child_name (self, row, field->name);
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
  _sw_inspector_signal_row_field_display_unit (self, field, &scale);
  return field->default_value * scale;
}

/* Replaces the field rows by those of type, with values carried over from
 * the old ones where they mean the same, defaults elsewhere. */
void
_sw_inspector_signal_row_build_fields (SwInspectorSignalRow *self,
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

void
_sw_inspector_signal_row_type_cb (AdwComboRow          *row,
                                  GParamSpec           *pspec,
                                  SwInspectorSignalRow *self)
{
  guint selected = adw_combo_row_get_selected (row);

  if (self->syncing || selected >= G_N_ELEMENTS (_sw_inspector_signal_types))
    return;
  if (self->type == &_sw_inspector_signal_types[selected])
    return;

  g_clear_pointer (&self->error, g_free);
  _sw_inspector_signal_row_build_fields (self, &_sw_inspector_signal_types[selected]);
  _sw_inspector_signal_row_update_preview (self);
  _sw_inspector_signal_row_commit (self);
}

/* Shows the fields of a signal from the model. */
void
_sw_inspector_signal_row_show_fields (SwInspectorSignalRow *self,
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
              _sw_inspector_signal_row_show_points (self, row, json_object_get_array_member (fields, field->name));
              points_check (self, row);
            }
          break;

        case FIELD_INTERPOLATION:
        case FIELD_EXTRAPOLATION:
          if (fields != NULL && json_object_has_member (fields, field->name))
            adw_combo_row_set_selected (ADW_COMBO_ROW (row),
                                        _sw_inspector_signal_row_strv_index (field->kind == FIELD_INTERPOLATION
                                                                             ? _sw_inspector_interpolation_names : _sw_inspector_extrapolation_names,
                                                                             json_object_get_string_member (fields, field->name)));
          break;

        default:
          g_assert_not_reached ();
        }
    }
  self->syncing = FALSE;
}
