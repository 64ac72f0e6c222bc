/* sw-model.c: the editable document: the object, what it holds, its edits,
 * grouped edits and restoring. The checks it shares with the reader are in
 * sw-model-checks.c, the edits of the schematic editor in sw-model-schematic.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-subsystem-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

const char *const _sw_simulation_methods[] = { "auto", "rk45", "rk853", "rkck", "rk8pd", "adams", "bdf", NULL };

G_DEFINE_FINAL_TYPE (SwModel, sw_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* "changed" now, or once at the end of the outermost sw_model_begin_edit(). */
void
_sw_model_emit_changed (SwModel *model)
{
  if (model->edit_depth > 0)
    model->edit_changed = TRUE;
  else
    g_signal_emit (model, signals[CHANGED], 0);
}

/* The object */

static void
ui_node_free (gpointer node)
{
  if (node != NULL)
    json_node_unref (node);
}

static void
sw_model_finalize (GObject *object)
{
  SwModel *self = (SwModel *) object;

  g_clear_pointer (&self->display_name, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->components, g_array_unref);
  g_clear_pointer (&self->index, g_hash_table_unref);
  g_clear_pointer (&self->connection_index, g_hash_table_unref);
  g_clear_pointer (&self->connections, g_array_unref);
  g_clear_pointer (&self->connection_ui, g_ptr_array_unref);
  g_clear_pointer (&self->simulation.method, g_free);
  g_clear_pointer (&self->ui, json_node_unref);
  g_clear_pointer (&self->interface, json_node_unref);
  g_clear_pointer (&self->subsystems, json_node_unref);
  g_clear_pointer (&self->excitation, g_array_unref);
  g_clear_pointer (&self->excitation_node, json_node_unref);
  g_clear_pointer (&self->observed, g_array_unref);
  g_clear_pointer (&self->folder, g_free);
  g_clear_pointer (&self->read_files, g_ptr_array_unref);
  g_clear_pointer (&self->shared_names, g_ptr_array_unref);
  g_clear_pointer (&self->shared_signals, g_ptr_array_unref);

  G_OBJECT_CLASS (sw_model_parent_class)->finalize (object);
}

static void
sw_model_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  SwModel *self = SW_MODEL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_model_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  SwModel *self = SW_MODEL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      sw_model_set_name (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_model_class_init (SwModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sw_model_finalize;
  object_class->get_property = sw_model_get_property;
  object_class->set_property = sw_model_set_property;

  /**
   * SwModel:name:
   *
   * The model's title (the file's "name"), or %NULL.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SwModel::changed:
   *
   * Emitted after every successful edit (components, parameters,
   * connections, simulation settings, a new name).
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 0);
}

static void
init_components (SwModel *self)
{
  self->components = g_array_new (FALSE, TRUE, sizeof (SwComponent));
  g_array_set_clear_func (self->components, (GDestroyNotify) _sw_component_clear);
  self->connections = g_array_new (FALSE, TRUE, sizeof (SwConnection));
  self->connection_ui = g_ptr_array_new_with_free_func (ui_node_free);
}

static void
sw_model_init (SwModel *self)
{
  self->display_name = g_strdup ("<memory>");
  init_components (self);
  self->excitation = g_array_new (FALSE, TRUE, sizeof (SwExcitationEntry));
  g_array_set_clear_func (self->excitation, (GDestroyNotify) sw_excitation_entry_clear);
  self->observed = g_array_new (FALSE, TRUE, sizeof (SwObservedEntry));
  g_array_set_clear_func (self->observed, (GDestroyNotify) sw_observed_entry_clear);
  self->shared_names = g_ptr_array_new_with_free_func (g_free);
  self->shared_signals = g_ptr_array_new_with_free_func ((GDestroyNotify) sw_signal_unref);
  self->simulation.stop_time_s = 1;
  self->simulation.output_interval_s = 1.0 / 500;
  self->simulation.tolerance = 1e-6;
  self->simulation.method = NULL;
}

SwModel *
sw_model_new (void)
{
  return g_object_new (SW_TYPE_MODEL, NULL);
}

const char *
sw_model_get_display_name (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return model->display_name;
}

const char *
sw_model_get_name (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return model->name;
}

void
sw_model_drop_caches (SwModel *model)
{
  g_return_if_fail (SW_IS_MODEL (model));
  _sw_model_index_invalidate (model);
}

guint *
_sw_model_take_locations (SwModel *model)
{
  guint n = model->components->len;
  guint *at = g_new (guint, 2 * MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = &g_array_index (model->components, SwComponent, i);

      at[2 * i] = c->line;
      at[2 * i + 1] = c->column;
    }
  _sw_model_index_invalidate (model);
  /* The array itself too (set_size (0) keeps its room). */
  g_clear_pointer (&model->components, g_array_unref);
  model->components = g_array_new (FALSE, TRUE, sizeof (SwComponent));
  g_array_set_clear_func (model->components, (GDestroyNotify) _sw_component_clear);
  return at;
}

void
_sw_model_drop_connections (SwModel *model)
{
  _sw_model_index_invalidate (model);
  g_clear_pointer (&model->connections, g_array_unref);
  g_clear_pointer (&model->connection_ui, g_ptr_array_unref);
  model->connections = g_array_new (FALSE, TRUE, sizeof (SwConnection));
  model->connection_ui = g_ptr_array_new_with_free_func (ui_node_free);
}

void
sw_model_set_name (SwModel    *model,
                   const char *name)
{
  g_return_if_fail (SW_IS_MODEL (model));

  if (g_strcmp0 (model->name, name) == 0)
    return;

  g_free (model->name);
  model->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (model), properties[PROP_NAME]);
  _sw_model_emit_changed (model);
}

guint
sw_model_get_n_components (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), 0);

  return model->components->len;
}

const SwComponent *
sw_model_get_component (SwModel *model,
                        guint    index)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (index < model->components->len, NULL);

  return &g_array_index (model->components, SwComponent, index);
}

int
sw_model_find_component (SwModel    *model,
                         const char *id)
{
  g_return_val_if_fail (SW_IS_MODEL (model), -1);
  g_return_val_if_fail (id != NULL, -1);

  /* Its keys are the components' own ids: whatever frees or changes one
   * drops the index (_sw_model_index_invalidate). */
  if (model->index == NULL)
    {
      model->index = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < model->components->len; i++)
        g_hash_table_insert (model->index, g_array_index (model->components, SwComponent, i).id,
                             GUINT_TO_POINTER (i + 1));
    }
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (model->index, id)) - 1;
}

guint
sw_model_get_n_connections (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), 0);

  return model->connections->len;
}

const SwConnection *
sw_model_get_connection (SwModel *model,
                         guint    index)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (index < model->connections->len, NULL);

  return &g_array_index (model->connections, SwConnection, index);
}

const SwExcitationEntry *
sw_model_get_excitation (SwModel *model,
                         guint   *n_entries)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (n_entries != NULL, NULL);

  *n_entries = model->excitation->len;
  return (const SwExcitationEntry *) model->excitation->data;
}

const SwSimulationSettings *
sw_model_get_simulation (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return &model->simulation;
}

/* Editing */

/* TRUE when setting parameter p to value would change nothing (the same
 * value, given the same way). */
static gboolean
param_unchanged (const SwComponent *c,
                 guint              p,
                 double             value)
{
  const SwParamDesc *desc = &c->kind->params[p];

  if (isnan (value))
    return !c->given[p] && isnan (c->param[p]);
  if (!c->given[p] || c->param[p] != value)
    return FALSE;
  if (desc->type == SW_PARAM_SIGNAL)
    return c->signal[p] != NULL && sw_signal_is_constant (c->signal[p]);
  return TRUE;
}

static gboolean
signals_equal (const SwSignal *a,
               const SwSignal *b)
{
  g_autoptr(JsonNode) node_a = NULL;
  g_autoptr(JsonNode) node_b = NULL;

  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;

  node_a = sw_signal_to_json (a);
  node_b = sw_signal_to_json (b);
  return json_node_equal (node_a, node_b);
}

int
sw_model_add_component (SwModel     *model,
                        const char  *kind_name,
                        const char  *id,
                        GError     **error)
{
  g_return_val_if_fail (SW_IS_MODEL (model), -1);
  g_return_val_if_fail (kind_name != NULL, -1);
  g_return_val_if_fail (id != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  return _sw_model_add_component_of (model, NULL, kind_name, id, NULL, error);
}

int
_sw_model_add_component_of (SwModel      *model,
                            const SwKind *kind,
                            const char   *kind_name,
                            const char   *id,
                            const char   *model_ref,
                            GError      **error)
{
  g_autofree char *who = NULL;
  SwComponent component;

  if (!_sw_check_id (id, error))
    return -1;
  if (sw_model_find_component (model, id) >= 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("duplicate component id “%s”"), id);
      return -1;
    }
  who = _sw_component_label (id);
  if (kind == NULL && (kind = _sw_lookup_kind (who, kind_name, error)) == NULL)
    return -1;

  _sw_component_init (&component, kind, id);
  component.model_ref = g_strdup (model_ref);
  _sw_model_take_component (model, &component);
  _sw_model_emit_changed (model);

  return (int) model->components->len - 1;
}

gboolean
sw_model_set_param (SwModel     *model,
                    guint        component,
                    const char  *param,
                    double       value,
                    GError     **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  const SwParamDesc *desc;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;
  desc = &c->kind->params[p];

  if (desc->type == SW_PARAM_TABLE)
    {
      g_autofree char *shape = _sw_table_dup_row_shape (desc->table);

      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” is a table, not a number; valid: rows %s"),
                   who, desc->name, shape);
      return FALSE;
    }
  if (desc->type == SW_PARAM_EXPRESSION)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” is a formula, not a number; valid: a text such as %s"),
                   who, desc->name, desc->expression->default_text);
      return FALSE;
    }

  /* NAN takes an initial value back out: it follows from the connections. */
  if (!(desc->type == SW_PARAM_INITIAL && isnan (value)) &&
      !_sw_check_param (who, c->kind, p, value, error))
    return FALSE;

  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  params[p] = value;
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;

  if (param_unchanged (c, p, value))
    return TRUE;

  _sw_component_set_number (c, (guint) p, value);

  _sw_model_emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_params (SwModel            *model,
                     guint               component,
                     guint               n,
                     const char * const *names,
                     const double       *values,
                     GError            **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  int index[SW_KIND_MAX_PARAMS];
  SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (n <= SW_KIND_MAX_PARAMS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  for (guint k = 0; k < n; k++)
    {
      const SwParamDesc *desc;

      index[k] = _sw_find_param (who, c->kind, names[k], error);
      if (index[k] < 0)
        return FALSE;
      desc = &c->kind->params[index[k]];
      if (desc->type == SW_PARAM_TABLE || desc->type == SW_PARAM_EXPRESSION)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s: parameter “%s” is not a number"), who, desc->name);
          return FALSE;
        }
      if (!(desc->type == SW_PARAM_INITIAL && isnan (values[k])) && !_sw_check_param (who, c->kind, index[k], values[k], error))
        return FALSE;
      params[index[k]] = values[k];
    }
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;
  for (guint k = 0; k < n; k++)
    _sw_component_set_number (c, (guint) index[k], values[k]);
  _sw_model_emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_param_signal (SwModel     *model,
                           guint        component,
                           const char  *param,
                           SwSignal    *signal,
                           GError     **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  double value;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (signal != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;

  if (c->kind->params[p].type != SW_PARAM_SIGNAL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” takes a number, not a signal"),
                   who, c->kind->params[p].name);
      return FALSE;
    }

  value = _sw_signal_param_value (signal);
  if (sw_signal_is_constant (signal) &&
      !_sw_check_param (who, c->kind, p, value, error))
    return FALSE;

  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  params[p] = value;
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;

  if (c->given[p] && signals_equal (c->signal[p], signal))
    return TRUE;

  g_clear_pointer (&c->signal[p], sw_signal_unref);
  g_clear_pointer (&c->signal_ref[p], g_free);
  c->signal[p] = sw_signal_ref (signal);
  c->param[p] = value;
  c->given[p] = TRUE;

  _sw_model_emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_param_table (SwModel        *model,
                          guint           component,
                          const char     *param,
                          const SwTable  *table,
                          GError        **error)
{
  g_autofree char *who = NULL;
  double params[SW_KIND_MAX_PARAMS];
  const SwParamDesc *desc;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;
  desc = &c->kind->params[p];

  if (desc->type != SW_PARAM_TABLE)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” takes a number, not a table"),
                   who, desc->name);
      return FALSE;
    }
  if (!_sw_check_table (who, c->kind, p, table, error))
    return FALSE;

  memcpy (params, c->param, c->kind->n_params * sizeof (double));
  params[p] = _sw_table_param_value (table);
  if (!_sw_validate_params (who, c->kind, params, error))
    return FALSE;

  if (c->given[p] && sw_table_equal (c->table[p], table))
    return TRUE;

  g_clear_pointer (&c->table[p], sw_table_unref);
  c->table[p] = sw_table_ref ((SwTable *) table);
  c->param[p] = params[p];
  c->given[p] = TRUE;

  _sw_model_emit_changed (model);
  return TRUE;
}

gboolean
sw_model_set_param_expression (SwModel            *model,
                               guint               component,
                               const char         *param,
                               const SwExpression *expression,
                               GError            **error)
{
  g_autofree char *who = NULL;
  const SwParamDesc *desc;
  SwComponent *c;
  int p;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (param != NULL, FALSE);
  g_return_val_if_fail (expression != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  who = _sw_component_label (c->id);
  p = _sw_find_param (who, c->kind, param, error);
  if (p < 0)
    return FALSE;
  desc = &c->kind->params[p];

  if (desc->type != SW_PARAM_EXPRESSION)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s: parameter “%s” takes a number, not a formula"),
                   who, desc->name);
      return FALSE;
    }
  if (!_sw_check_expression (who, desc, expression, NULL, NULL, error))
    return FALSE;

  if (c->given[p] && sw_expression_equal (c->expression[p], expression))
    return TRUE;

  g_clear_pointer (&c->expression[p], sw_expression_unref);
  c->expression[p] = sw_expression_ref ((SwExpression *) expression);
  c->given[p] = TRUE;

  _sw_model_emit_changed (model);
  return TRUE;
}

gboolean
sw_model_connect (SwModel     *model,
                  const char  *from,
                  const char  *to,
                  GError     **error)
{
  g_autofree char *quoted_from = NULL;
  g_autofree char *quoted_to = NULL;
  g_autoptr(GError) local_error = NULL;
  SwConnection connection = { 0 };
  gboolean ok;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (from != NULL, FALSE);
  g_return_val_if_fail (to != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ok = _sw_model_resolve_port (model, from, &connection.from_component, &connection.from_port, &local_error) &&
       _sw_model_resolve_port (model, to, &connection.to_component, &connection.to_port, &local_error) &&
       _sw_model_check_connection (model, &connection, NULL, &local_error);
  if (!ok)
    {
      quoted_from = _sw_quote (from);
      quoted_to = _sw_quote (to);
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("connection from %s to %s: "), quoted_from, quoted_to);
      return FALSE;
    }

  _sw_model_take_connection (model, &connection, NULL);
  _sw_model_emit_changed (model);
  return TRUE;
}

static gboolean
is_valid_method (const char *method)
{
  return method == NULL || g_strv_contains (_sw_simulation_methods, method);
}

void
sw_model_set_simulation (SwModel                    *model,
                         const SwSimulationSettings *settings)
{
  char *method;

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (settings != NULL);
  g_return_if_fail (isfinite (settings->stop_time_s) && settings->stop_time_s > 0);
  g_return_if_fail (isfinite (settings->output_interval_s) && settings->output_interval_s > 0);
  g_return_if_fail (settings->tolerance > 0 && settings->tolerance < 1);
  g_return_if_fail (is_valid_method (settings->method));

  if (model->simulation.stop_time_s == settings->stop_time_s &&
      model->simulation.output_interval_s == settings->output_interval_s &&
      model->simulation.tolerance == settings->tolerance &&
      g_strcmp0 (model->simulation.method,
                 g_strcmp0 (settings->method, "auto") == 0 ? NULL : settings->method) == 0)
    return;

  model->simulation.stop_time_s = settings->stop_time_s;
  model->simulation.output_interval_s = settings->output_interval_s;
  model->simulation.tolerance = settings->tolerance;
  /* settings may be a copy of the model's own, sharing method. */
  method = settings->method == NULL || strcmp (settings->method, "auto") == 0 ? NULL : g_strdup (settings->method);
  g_free (model->simulation.method);
  model->simulation.method = method;

  _sw_model_emit_changed (model);
}

char *
sw_model_dup_location (SwModel *model,
                       guint    component)
{
  const SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (component < model->components->len, NULL);

  c = &g_array_index (model->components, SwComponent, component);
  if (c->line == 0)
    return g_strdup_printf ("%s: ", model->display_name);
  return g_strdup_printf ("%s:%u:%u: ", model->display_name, c->line, c->column);
}

/* Grouped edits and restoring */

void
sw_model_begin_edit (SwModel *model)
{
  g_return_if_fail (SW_IS_MODEL (model));
  model->edit_depth++;
}

void
sw_model_end_edit (SwModel *model)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (model->edit_depth > 0);

  if (--model->edit_depth == 0 && model->edit_changed)
    {
      model->edit_changed = FALSE;
      g_signal_emit (model, signals[CHANGED], 0);
    }
}

/* Exchanges everything a file holds (not the display name). */
static void
swap_content (SwModel *a,
              SwModel *b)
{
  char *name = a->name;
  GArray *components = a->components;
  GArray *connections = a->connections;
  GPtrArray *connection_ui = a->connection_ui;
  SwSimulationSettings simulation = a->simulation;
  JsonNode *ui = a->ui;
  GPtrArray *shared_names = a->shared_names, *shared_signals = a->shared_signals;
  JsonNode *interface = a->interface, *subsystems = a->subsystems;
  GArray *excitation = a->excitation;
  JsonNode *excitation_node = a->excitation_node;

  a->excitation = b->excitation;
  a->excitation_node = b->excitation_node;
  b->excitation = excitation;
  b->excitation_node = excitation_node;
  {
    GArray *observed = a->observed;

    a->observed = b->observed;
    b->observed = observed;
  }

  a->name = b->name;
  a->interface = b->interface;
  a->subsystems = b->subsystems;
  a->shared_names = b->shared_names;
  a->shared_signals = b->shared_signals;
  a->components = b->components;
  a->connections = b->connections;
  a->connection_ui = b->connection_ui;
  a->simulation = b->simulation;
  a->ui = b->ui;

  _sw_model_index_invalidate (a);
  _sw_model_index_invalidate (b);
  b->name = name;
  b->components = components;
  b->connections = connections;
  b->connection_ui = connection_ui;
  b->simulation = simulation;
  b->ui = ui;
  b->shared_names = shared_names;
  b->shared_signals = shared_signals;
  b->interface = interface;
  b->subsystems = subsystems;
}

static gboolean
same_kinds (SwModel *a, SwModel *b)
{
  for (guint i = 0; i < a->components->len; i++)
    if (g_array_index (a->components, SwComponent, i).kind != g_array_index (b->components, SwComponent, i).kind)
      return FALSE;
  return TRUE;
}

gboolean
sw_model_refresh_subsystems (SwModel *model, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);

  for (guint i = 0; i < model->components->len; i++)
    if (_sw_subsystem_is_stale (g_array_index (model->components, SwComponent, i).kind))
      {
        text = sw_model_to_data (model, NULL);
        return sw_model_restore (model, text, -1, error);
      }
  return TRUE;
}

gboolean
sw_model_restore (SwModel     *model,
                  const char  *data,
                  gssize       length,
                  GError     **error)
{
  g_autoptr(SwModel) other = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gboolean name_changed;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Subsystems' files are where the model was read from. */
  other = sw_model_new_from_data_in (data, length, model->display_name, model->folder, error);
  if (other == NULL)
    return FALSE;

  before = sw_model_to_data (model, NULL);
  after = sw_model_to_data (other, NULL);
  /* The same text, and the same kinds (a subsystem's file read anew
   * makes another). */
  if (strcmp (before, after) == 0 && same_kinds (model, other))
    return TRUE;

  /* other takes the old content away with it. */
  name_changed = g_strcmp0 (model->name, other->name) != 0;
  swap_content (model, other);

  if (name_changed)
    g_object_notify_by_pspec (G_OBJECT (model), properties[PROP_NAME]);
  _sw_model_emit_changed (model);
  return TRUE;
}
