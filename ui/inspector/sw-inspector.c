/* sw-inspector.c: the selected component's parameters, or the simulation
 * settings.
 *
 * The rows are built from the kind's descriptors when the component (or
 * its kind) changes; when the model changes otherwise, the values are shown
 * again in the rows that exist, and a row the user is editing keeps the
 * text typed (see sw-inspector-number-row.h). Every edit goes through the
 * model's editing functions; a refusal is shown on the row and changes
 * nothing.
 *
 * Tuning: every number row can be dragged or scrolled in relative steps
 * (sw-inspector-number-row.h); each step is an edit through the model API,
 * so the window re-simulates as it moves, and a drag is one undo step when
 * the inspector is given the model's history ("history").
 *
 * Units: the model is in SI. Parameters in exactly rad/s or rad, and the
 * fields of signals in them, are shown and typed in the units of the
 * preferences ("speed-unit", "angle-unit"); the rows convert, both ways,
 * and a change of preference shows the same values anew.
 *
 * Widget names, for tests and for finding one's way: "id",
 * "param-<name>" (REAL, BOOLEAN, SIGNAL, TABLE), "initial-<name>",
 * "sim-stop_time", "sim-output_interval", "sim-tolerance", "sim-method",
 * and the children named in sw-inspector-signal-row.h,
 * sw-inspector-table-row.h and sw-inspector-geometry-row.h.
 *
 * The rows of a component are built in sw-inspector-build.c
 * (sw-inspector-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector.h"
#include "sw-inspector-private.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-inspector-geometry-row.h"
#include "sw-inspector-number-row.h"
#include "sw-inspector-signal-row.h"
#include "sw-inspector-table-row.h"
#include "sw-inspector-expression-row.h"
#include "sw-palette-symbol.h"

G_DEFINE_FINAL_TYPE (SwInspector, sw_inspector, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_HISTORY,
  PROP_COMPONENT,
  PROP_SPEED_UNIT,
  PROP_ANGLE_UNIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static guint vary_requested_signal;
static guint outer_requested_signal;

void
_sw_inspector_emit_outer (SwInspector *self, const char *param)
{
  g_signal_emit (self, outer_requested_signal, 0, param);
}

void
_sw_inspector_emit_vary (SwInspector *self, const char *id, const char *param, double value)
{
  g_signal_emit (self, vary_requested_signal, 0, id, param, value);
}

static GQuark param_quark;

const SwComponent *
_sw_inspector_current_component (SwInspector *self)
{
  if (self->model == NULL || self->component < 0 ||
      (guint) self->component >= sw_model_get_n_components (self->model))
    return NULL;
  return sw_model_get_component (self->model, (guint) self->component);
}

guint
_sw_inspector_row_param (GtkWidget *row)
{
  return GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (row), param_quark));
}

void
_sw_inspector_set_row_param (GtkWidget *row,
                             guint      param)
{
  g_object_set_qdata (G_OBJECT (row), param_quark, GUINT_TO_POINTER (param));
}

/* Units */

/* Gives the rows that show a parameter the units of the preferences. */
void
_sw_inspector_apply_units (SwInspector *self)
{
  for (guint i = 0; self->shown_kind != NULL && i < self->shown_kind->n_params; i++)
    {
      GtkWidget *row = self->param_rows[i];

      if (row == NULL)
        continue;
      if (SW_IS_INSPECTOR_NUMBER_ROW (row))
        {
          double scale;
          const char *unit = sw_inspector_display_unit (self->shown_kind->params[i].unit,
                                                        self->speed_unit, self->angle_unit, &scale);

          sw_inspector_number_row_set_display_unit (SW_INSPECTOR_NUMBER_ROW (row), unit, scale);
        }
      else if (SW_IS_INSPECTOR_SIGNAL_ROW (row))
        sw_inspector_signal_row_set_units (SW_INSPECTOR_SIGNAL_ROW (row), self->speed_unit, self->angle_unit);
      else if (SW_IS_INSPECTOR_TABLE_ROW (row))
        sw_inspector_table_row_set_units (SW_INSPECTOR_TABLE_ROW (row), self->speed_unit, self->angle_unit);
    }
}

/* Showing values */

gboolean
_sw_inspector_get_outer_value (SwInspector *self, const char *bound, double *value)
{
  const SwComponent *block;
  int c, q;

  if (self->outer_model == NULL || self->outer_id == NULL || bound == NULL)
    return FALSE;
  c = sw_model_find_component (self->outer_model, self->outer_id);
  if (c < 0)
    return FALSE;
  block = sw_model_get_component (self->outer_model, (guint) c);
  q = sw_kind_find_param (block->kind, bound);
  if (q < 0 || !isfinite (block->param[q]))
    return FALSE;
  *value = block->param[q];
  return TRUE;
}

static void
refresh_component (SwInspector *self)
{
  const SwComponent *c = _sw_inspector_current_component (self);
  const SwSimulationSettings *sim = sw_model_get_simulation (self->model);

  if (!self->id_pending && strcmp (gtk_editable_get_text (GTK_EDITABLE (self->id_row)), c->id) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->id_row), c->id);

  for (guint i = 0; i < c->kind->n_params; i++)
    {
      GtkWidget *row = self->param_rows[i];

      if (row == NULL)
        continue;

      switch (c->kind->params[i].type)
        {
        case SW_PARAM_REAL:
        case SW_PARAM_INITIAL:
          {
            double value = c->param[i];

            /* Bound: the value in effect, the block's outside. */
            _sw_inspector_get_outer_value (self, g_object_get_data (G_OBJECT (row), "sw-bound-to"), &value);
            sw_inspector_number_row_show_value (SW_INSPECTOR_NUMBER_ROW (row), value);
          }
          break;

        case SW_PARAM_BOOLEAN:
          gtk_switch_set_active (GTK_SWITCH (g_object_get_data (G_OBJECT (row), "switch")),
                                 c->param[i] != 0);
          break;

        case SW_PARAM_SIGNAL:
          {
            g_autoptr(SwSignal) constant = NULL;
            const SwSignal *signal = c->signal[i];
            double outer;

            if (_sw_inspector_get_outer_value (self, g_object_get_data (G_OBJECT (row), "sw-bound-to"), &outer))
              signal = constant = sw_signal_new_constant (outer);
            else if (signal == NULL)
              signal = constant = sw_signal_new_constant (isfinite (c->param[i]) ? c->param[i] : 0);
            sw_inspector_signal_row_set_stop_time (SW_INSPECTOR_SIGNAL_ROW (row), sim->stop_time_s);
            sw_inspector_signal_row_set_signal (SW_INSPECTOR_SIGNAL_ROW (row), signal);
            sw_inspector_signal_row_set_shared (SW_INSPECTOR_SIGNAL_ROW (row), c->signal_ref[i]);
          }
          break;

        case SW_PARAM_TABLE:
          if (c->table[i] != NULL)
            sw_inspector_table_row_set_table (SW_INSPECTOR_TABLE_ROW (row), c->table[i]);
          break;

        case SW_PARAM_EXPRESSION:
          if (c->expression[i] != NULL)
            sw_inspector_expression_row_set_expression (SW_INSPECTOR_EXPRESSION_ROW (row), c->expression[i]);
          break;

        default:
          g_assert_not_reached ();
        }
    }
}

void
_sw_inspector_refresh (SwInspector *self)
{
  self->syncing = TRUE;
  if (self->shown_simulation)
    _sw_inspector_refresh_simulation (self);
  else if (self->shown_kind != NULL)
    refresh_component (self);
  self->syncing = FALSE;
}

static void
model_changed_cb (SwModel     *model,
                  SwInspector *self)
{
  const SwComponent *c;

  if (self->rebuilding)
    return;

  /* The component went away (indices shift down when one is removed). */
  if (self->component >= 0 && (guint) self->component >= sw_model_get_n_components (model))
    {
      sw_inspector_set_component (self, -1);
      return;
    }

  c = _sw_inspector_current_component (self);
  if (c != NULL && c->kind != self->shown_kind)
    _sw_inspector_rebuild (self);
  else
    _sw_inspector_refresh (self);
}

/* Edits */

/* A drag on a row's tuning handle is one undo step. */
void
_sw_inspector_end_tune_group (SwInspector *self)
{
  if (!self->tune_group)
    return;
  self->tune_group = FALSE;
  if (self->history != NULL)
    sw_history_end_group (self->history);
}

static void
tune_begin_cb (SwInspectorNumberRow *row,
               SwInspector          *self)
{
  if (self->rebuilding || self->tune_group || self->history == NULL)
    return;
  self->tune_group = TRUE;
  sw_history_begin_group (self->history);
}

static void
tune_end_cb (SwInspectorNumberRow *row,
             SwInspector          *self)
{
  _sw_inspector_end_tune_group (self);
}

void
_sw_inspector_connect_tuning (SwInspector *self,
                              GtkWidget   *row)
{
  g_signal_connect (row, "tune-begin", G_CALLBACK (tune_begin_cb), self);
  g_signal_connect (row, "tune-end", G_CALLBACK (tune_end_cb), self);
}

void
_sw_inspector_param_committed_cb (SwInspectorNumberRow *row,
                                  double                value,
                                  SwInspector          *self)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c = _sw_inspector_current_component (self);

  if (self->rebuilding || c == NULL)
    return;

  if (!sw_model_set_param (self->model, (guint) self->component,
                           c->kind->params[_sw_inspector_row_param (GTK_WIDGET (row))].name, value, &error))
    sw_inspector_number_row_set_error (row, error->message);
}

void
_sw_inspector_switch_cb (GtkSwitch   *sw,
                         GParamSpec  *pspec,
                         SwInspector *self)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c = _sw_inspector_current_component (self);

  if (self->rebuilding || self->syncing || c == NULL)
    return;

  if (!sw_model_set_param (self->model, (guint) self->component,
                           c->kind->params[_sw_inspector_row_param (GTK_WIDGET (sw))].name,
                           gtk_switch_get_active (sw) ? 1 : 0, &error))
    {
      /* Show the model's value again, and say why. */
      gtk_widget_set_tooltip_text (GTK_WIDGET (sw), error->message);
      self->syncing = TRUE;
      gtk_switch_set_active (sw, !gtk_switch_get_active (sw));
      self->syncing = FALSE;
    }
}

void
_sw_inspector_signal_edited_cb (SwInspectorSignalRow *row,
                                SwSignal             *signal,
                                SwInspector          *self)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c = _sw_inspector_current_component (self);

  if (self->rebuilding || c == NULL)
    return;

  if (!sw_model_set_param_signal (self->model, (guint) self->component,
                                  c->kind->params[_sw_inspector_row_param (GTK_WIDGET (row))].name, signal, &error))
    sw_inspector_signal_row_set_error (row, error->message);
}

void
_sw_inspector_table_edited_cb (SwInspectorTableRow *row,
                               SwTable             *table,
                               SwInspector         *self)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c = _sw_inspector_current_component (self);

  if (self->rebuilding || c == NULL)
    return;

  if (!sw_model_set_param_table (self->model, (guint) self->component,
                                 c->kind->params[_sw_inspector_row_param (GTK_WIDGET (row))].name, table, &error))
    sw_inspector_table_row_set_error (row, error->message);
}

void
_sw_inspector_expression_edited_cb (SwInspectorExpressionRow *row,
                                    SwExpression             *expression,
                                    SwInspector              *self)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c = _sw_inspector_current_component (self);

  if (self->rebuilding || c == NULL)
    return;

  if (!sw_model_set_param_expression (self->model, (guint) self->component,
                                      c->kind->params[_sw_inspector_row_param (GTK_WIDGET (row))].name, expression, &error))
    sw_inspector_expression_row_set_error (row, error->message);
}

/* Sets one parameter from the geometry; a refusal shows on its row. */
static gboolean
apply_value (SwInspector *self,
             const char  *param,
             double       value)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c = _sw_inspector_current_component (self);
  int p = sw_kind_find_param (c->kind, param);

  g_return_val_if_fail (p >= 0, FALSE);

  if (sw_model_set_param (self->model, (guint) self->component, param, value, &error))
    return TRUE;
  if (self->param_rows[p] != NULL && SW_IS_INSPECTOR_NUMBER_ROW (self->param_rows[p]))
    sw_inspector_number_row_set_error (SW_INSPECTOR_NUMBER_ROW (self->param_rows[p]), error->message);
  return FALSE;
}

/* The values and the geometry they came from, in one step (one undo). */
void
_sw_inspector_geometry_apply_cb (SwInspectorGeometryRow *row,
                                 double                  inertia,
                                 double                  stiffness,
                                 SwInspector            *self)
{
  g_autoptr(JsonNode) geometry = NULL;

  if (self->rebuilding || _sw_inspector_current_component (self) == NULL)
    return;

  sw_model_begin_edit (self->model);
  if ((isnan (stiffness) || apply_value (self, "c", stiffness))
      && (isnan (inertia) || apply_value (self, "J", inertia)))
    {
      geometry = sw_inspector_geometry_row_dup_geometry (row);
      sw_model_set_ui_member (self->model, self->component, "geometry", geometry);
    }
  sw_model_end_edit (self->model);
}

/* The id: letters, digits and '_', not starting with a digit, unique. */
static gboolean
check_id (SwInspector  *self,
          const char   *id,
          char        **message)
{
  int other;

  if (id[0] == '\0' || g_ascii_isdigit (id[0]))
    {
      *message = g_strdup (_("An id starts with a letter or “_”"));
      return FALSE;
    }
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      {
        *message = g_strdup (_("An id has only letters, digits and “_”"));
        return FALSE;
      }
  other = sw_model_find_component (self->model, id);
  if (other >= 0 && other != self->component)
    {
      *message = g_strdup_printf (_("“%s” is the id of another component"), id);
      return FALSE;
    }
  return TRUE;
}

void
_sw_inspector_show_id_error (GtkWidget  *row,
                             const char *message)
{
  if (message != NULL)
    {
      gtk_widget_add_css_class (row, "error");
      gtk_widget_set_tooltip_text (row, message);
    }
  else
    {
      gtk_widget_remove_css_class (row, "error");
      gtk_widget_set_tooltip_text (row, _("Unique name of the component, used in the file and in results"));
    }
}

void
_sw_inspector_id_changed_cb (GtkEditable *row,
                             SwInspector *self)
{
  g_autofree char *message = NULL;

  if (self->syncing || self->rebuilding || _sw_inspector_current_component (self) == NULL)
    return;

  self->id_pending = TRUE;
  check_id (self, gtk_editable_get_text (row), &message);
  _sw_inspector_show_id_error (GTK_WIDGET (row), message);
}

void
_sw_inspector_id_commit (SwInspector *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *id = NULL;

  if (!self->id_pending || self->rebuilding || _sw_inspector_current_component (self) == NULL)
    return;

  id = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->id_row)));
  if (!check_id (self, id, &message))
    return;

  self->id_pending = FALSE;
  if (strcmp (id, _sw_inspector_current_component (self)->id) == 0)
    return;
  if (!sw_model_set_id (self->model, (guint) self->component, id, &error))
    {
      self->id_pending = TRUE;
      _sw_inspector_show_id_error (self->id_row, error->message);
    }
}

void
_sw_inspector_id_leave_cb (GtkEventControllerFocus *focus,
                           SwInspector             *self)
{
  _sw_inspector_id_commit (self);
}

/* Commits what is typed and valid before the rows go away. */
static void
commit_pending (SwInspector *self)
{
  if (self->shown_kind != NULL && _sw_inspector_current_component (self) != NULL &&
      _sw_inspector_current_component (self)->kind == self->shown_kind)
    {
      _sw_inspector_id_commit (self);
      for (guint i = 0; i < self->shown_kind->n_params; i++)
        {
          GtkWidget *row = self->param_rows[i];

          if (row == NULL)
            continue;
          if (SW_IS_INSPECTOR_NUMBER_ROW (row))
            sw_inspector_number_row_commit (SW_INSPECTOR_NUMBER_ROW (row));
          else if (SW_IS_INSPECTOR_SIGNAL_ROW (row))
            sw_inspector_signal_row_commit (SW_INSPECTOR_SIGNAL_ROW (row));
          else if (SW_IS_INSPECTOR_TABLE_ROW (row))
            sw_inspector_table_row_commit (SW_INSPECTOR_TABLE_ROW (row));
        }
    }
  else if (self->shown_simulation && self->model != NULL)
    _sw_inspector_commit_simulation (self);
}

/* The object */

static void
sw_inspector_dispose (GObject *object)
{
  SwInspector *self = SW_INSPECTOR (object);

  _sw_inspector_end_tune_group (self);
  g_clear_object (&self->history);
  self->rebuilding = TRUE;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_object (&self->outer_model);
  g_clear_pointer (&self->outer_id, g_free);
  g_clear_pointer (&self->page, gtk_widget_unparent);
  g_clear_pointer (&self->shown_kind, sw_kind_unref);

  G_OBJECT_CLASS (sw_inspector_parent_class)->dispose (object);
}

static void
sw_inspector_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  SwInspector *self = SW_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;

    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;

    case PROP_COMPONENT:
      g_value_set_int (value, self->component);
      break;

    case PROP_SPEED_UNIT:
      g_value_set_string (value, self->speed_unit);
      break;

    case PROP_ANGLE_UNIT:
      g_value_set_string (value, self->angle_unit);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_inspector_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  SwInspector *self = SW_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      sw_inspector_set_model (self, g_value_get_object (value));
      break;

    case PROP_HISTORY:
      sw_inspector_set_history (self, g_value_get_object (value));
      break;

    case PROP_COMPONENT:
      sw_inspector_set_component (self, g_value_get_int (value));
      break;

    case PROP_SPEED_UNIT:
      sw_inspector_set_speed_unit (self, g_value_get_string (value));
      break;

    case PROP_ANGLE_UNIT:
      sw_inspector_set_angle_unit (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_inspector_class_init (SwInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_inspector_dispose;
  object_class->get_property = sw_inspector_get_property;
  object_class->set_property = sw_inspector_set_property;

  /* A parameter to vary in a study: component id, parameter, value. */
  vary_requested_signal = g_signal_new ("vary-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING,
                                        G_TYPE_DOUBLE);

  /* The subsystem's own parameter (its name) that sets one inside, asked
   * for on its block outside. */
  outer_requested_signal = g_signal_new ("outer-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * SwInspector:model:
   *
   * The document whose component or settings are shown, or %NULL.
   */
  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL,
                         SW_TYPE_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwInspector:history:
   *
   * The model's history, so that a drag to tune a value is one undo step;
   * or %NULL (each step is one).
   */
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL,
                         SW_TYPE_HISTORY,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwInspector:component:
   *
   * Index of the component shown, or -1 for the simulation settings.
   */
  properties[PROP_COMPONENT] =
    g_param_spec_int ("component", NULL, NULL,
                      -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwInspector:speed-unit:
   *
   * How parameters in rad/s are shown and typed: "rad/s" or "rpm". The
   * model keeps rad/s.
   */
  properties[PROP_SPEED_UNIT] =
    g_param_spec_string ("speed-unit", NULL, NULL,
                         "rad/s",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwInspector:angle-unit:
   *
   * How parameters in rad are shown and typed: "rad" or "deg". The model
   * keeps rad.
   */
  properties[PROP_ANGLE_UNIT] =
    g_param_spec_string ("angle-unit", NULL, NULL,
                         "rad",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "swinspector");

  param_quark = g_quark_from_static_string ("sw-inspector-param");
}

static void
sw_inspector_init (SwInspector *self)
{
  self->component = -1;
  self->speed_unit = g_intern_static_string ("rad/s");
  self->angle_unit = g_intern_static_string ("rad");
  _sw_inspector_rebuild (self);
}

/**
 * sw_inspector_new:
 *
 * Returns: (transfer floating): an inspector without a model.
 */
GtkWidget *
sw_inspector_new (void)
{
  return g_object_new (SW_TYPE_INSPECTOR, NULL);
}

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
sw_inspector_focus_param (SwInspector *inspector,
                          const char  *param)
{
  g_autofree char *name = NULL;
  GtkWidget *row;

  g_return_val_if_fail (SW_IS_INSPECTOR (inspector), FALSE);
  g_return_val_if_fail (param != NULL, FALSE);

  if (inspector->page == NULL)
    return FALSE;
  name = g_strconcat ("param-", param, NULL);
  row = find_named (inspector->page, name);
  if (row == NULL)
    {
      g_free (name);
      name = g_strconcat ("initial-", param, NULL);
      row = find_named (inspector->page, name);
    }
  return row != NULL && gtk_widget_grab_focus (row);
}

void
sw_inspector_set_outer (SwInspector *inspector,
                        SwModel     *outer_model,
                        const char  *block_id)
{
  g_return_if_fail (SW_IS_INSPECTOR (inspector));
  g_return_if_fail (outer_model == NULL || SW_IS_MODEL (outer_model));

  if (inspector->outer_model == outer_model && g_strcmp0 (inspector->outer_id, block_id) == 0)
    return;
  g_set_object (&inspector->outer_model, outer_model);
  g_free (inspector->outer_id);
  inspector->outer_id = g_strdup (block_id);
  /* The rows depend on it (the simulation's, the bound parameters' notes). */
  _sw_inspector_rebuild (inspector);
}

void
sw_inspector_set_model (SwInspector *inspector,
                        SwModel     *model)
{
  g_return_if_fail (SW_IS_INSPECTOR (inspector));
  g_return_if_fail (model == NULL || SW_IS_MODEL (model));

  if (inspector->model == model)
    return;

  commit_pending (inspector);

  if (inspector->model != NULL)
    g_signal_handlers_disconnect_by_data (inspector->model, inspector);
  g_set_object (&inspector->model, model);
  if (model != NULL)
    g_signal_connect (model, "changed", G_CALLBACK (model_changed_cb), inspector);

  g_object_freeze_notify (G_OBJECT (inspector));
  if (inspector->component != -1)
    {
      inspector->component = -1;
      g_object_notify_by_pspec (G_OBJECT (inspector), properties[PROP_COMPONENT]);
    }
  _sw_inspector_rebuild (inspector);
  g_object_notify_by_pspec (G_OBJECT (inspector), properties[PROP_MODEL]);
  g_object_thaw_notify (G_OBJECT (inspector));
}

SwModel *
sw_inspector_get_model (SwInspector *inspector)
{
  g_return_val_if_fail (SW_IS_INSPECTOR (inspector), NULL);

  return inspector->model;
}

void
sw_inspector_set_history (SwInspector *inspector,
                          SwHistory   *history)
{
  g_return_if_fail (SW_IS_INSPECTOR (inspector));
  g_return_if_fail (history == NULL || SW_IS_HISTORY (history));

  if (inspector->history == history)
    return;
  /* A group is closed on the history that opened it. */
  _sw_inspector_end_tune_group (inspector);
  g_set_object (&inspector->history, history);
  g_object_notify_by_pspec (G_OBJECT (inspector), properties[PROP_HISTORY]);
}

SwHistory *
sw_inspector_get_history (SwInspector *inspector)
{
  g_return_val_if_fail (SW_IS_INSPECTOR (inspector), NULL);

  return inspector->history;
}

void
sw_inspector_set_component (SwInspector *inspector,
                            int          component)
{
  g_return_if_fail (SW_IS_INSPECTOR (inspector));
  g_return_if_fail (component >= -1);
  g_return_if_fail (component == -1 || inspector->model == NULL ||
                    (guint) component < sw_model_get_n_components (inspector->model));

  if (inspector->component == component)
    return;

  /* What was typed into the old rows and is valid is kept. */
  commit_pending (inspector);

  inspector->component = component;
  _sw_inspector_rebuild (inspector);
  g_object_notify_by_pspec (G_OBJECT (inspector), properties[PROP_COMPONENT]);
}

int
sw_inspector_get_component (SwInspector *inspector)
{
  g_return_val_if_fail (SW_IS_INSPECTOR (inspector), -1);

  return inspector->component;
}

static void
set_unit (SwInspector  *self,
          const char  **field,
          const char   *unit,
          GParamSpec   *pspec)
{
  unit = g_intern_string (unit);
  if (*field == unit)
    return;

  *field = unit;
  _sw_inspector_apply_units (self);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

void
sw_inspector_set_speed_unit (SwInspector *inspector,
                             const char  *speed_unit)
{
  g_return_if_fail (SW_IS_INSPECTOR (inspector));
  g_return_if_fail (speed_unit == NULL || strcmp (speed_unit, "rad/s") == 0 || strcmp (speed_unit, "rpm") == 0);

  set_unit (inspector, &inspector->speed_unit, speed_unit != NULL ? speed_unit : "rad/s",
            properties[PROP_SPEED_UNIT]);
}

const char *
sw_inspector_get_speed_unit (SwInspector *inspector)
{
  g_return_val_if_fail (SW_IS_INSPECTOR (inspector), NULL);

  return inspector->speed_unit;
}

void
sw_inspector_set_angle_unit (SwInspector *inspector,
                             const char  *angle_unit)
{
  g_return_if_fail (SW_IS_INSPECTOR (inspector));
  g_return_if_fail (angle_unit == NULL || strcmp (angle_unit, "rad") == 0 || strcmp (angle_unit, "deg") == 0);

  set_unit (inspector, &inspector->angle_unit, angle_unit != NULL ? angle_unit : "rad",
            properties[PROP_ANGLE_UNIT]);
}

const char *
sw_inspector_get_angle_unit (SwInspector *inspector)
{
  g_return_val_if_fail (SW_IS_INSPECTOR (inspector), NULL);

  return inspector->angle_unit;
}
