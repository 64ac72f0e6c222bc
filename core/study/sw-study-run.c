/* sw-study-run.c: one run of a study (sw-study-run.h).
 *
 * Every run assembles the model again: the engine has no way to change a
 * number in an assembled SwSystem (the window's Live assembles again too),
 * and for the models a study runs by the thousand assembling is a small
 * share of a run (tests/bench/bench-study measures it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-number.h"
#include "sw-study-run.h"
#include "sw-system.h"

/* Where a varied parameter goes: a component's parameter, or a field of
 * the simulation settings. */
typedef enum {
  TARGET_PARAM, TARGET_SIGNAL_FIELD, TARGET_SHARED_SIGNAL, TARGET_STOP_TIME, TARGET_INTERVAL, TARGET_TOLERANCE
} TargetKind;

typedef struct {
  TargetKind kind;
  guint      component;  /* TARGET_SHARED_SIGNAL: the shared signal's index */
  /* A field of a signal parameter (torque.tau.amplitude) or of a shared
   * signal (signals.drive.amplitude; NULL for a shared constant,
   * signals.preload): the parameter, the field, and the signal as the
   * model has it, as JSON. */
  char      *signal_param, *field;
  JsonNode  *signal_json;
} Target;

struct _SwStudyRunner {
  SwModel              *model;
  const SwStudyDesign  *design;
  const SwStudyOutputs *outputs;
  double                modes_at_s;
  Target               *targets;
  SwSimulationSettings  settings;   /* the model's, as loaded */
};

/* The object of a signal's fields: {"sine": {"amplitude": 10, "f": 5}}
 * gives {"amplitude": 10, "f": 5}; NULL for a constant or another shape. */
static JsonObject *
signal_fields (JsonNode *node)
{
  JsonObject *outer;
  GList *members;
  JsonNode *inner;

  if (!JSON_NODE_HOLDS_OBJECT (node) || json_object_get_size (outer = json_node_get_object (node)) != 1)
    return NULL;
  members = json_object_get_members (outer);
  inner = json_object_get_member (outer, members->data);
  g_list_free (members);
  return JSON_NODE_HOLDS_OBJECT (inner) ? json_node_get_object (inner) : NULL;
}

/* The names of the numbers in fields, "a, b", or "". */
static char *
dup_number_fields (JsonObject *fields)
{
  GString *valid = g_string_new (NULL);
  GList *members = fields != NULL ? json_object_get_members (fields) : NULL;

  for (GList *m = members; m != NULL; m = m->next)
    if (JSON_NODE_HOLDS_VALUE (json_object_get_member (fields, m->data)))
      g_string_append_printf (valid, "%s%s", valid->len > 0 ? ", " : "", (const char *) m->data);
  g_list_free (members);
  return g_string_free (valid, FALSE);
}

/* Whether fields holds a number called field. */
static gboolean
has_number_field (JsonObject *fields, const char *field)
{
  JsonNode *member = fields != NULL && json_object_has_member (fields, field) ? json_object_get_member (fields, field)
                                                                              : NULL;

  return member != NULL && JSON_NODE_HOLDS_VALUE (member)
         && (json_node_get_value_type (member) == G_TYPE_DOUBLE || json_node_get_value_type (member) == G_TYPE_INT64);
}

/* signals.NAME.FIELD, a number inside the shared signal NAME, or
 * signals.NAME, the shared constant NAME: every parameter that names the
 * signal runs on the changed one. */
static gboolean
resolve_shared_signal (SwStudyRunner *r, guint k, const char *signal_name, const char *field, GError **error)
{
  const char *name = sw_study_design_get_name (r->design, k);
  int index = sw_model_find_shared_signal (r->model, signal_name);
  Target *t = &r->targets[k];
  SwSignal *signal;

  if (index < 0)
    {
      g_autoptr (GString) valid = g_string_new (NULL);

      for (guint i = 0; i < sw_model_get_n_shared_signals (r->model); i++)
        g_string_append_printf (valid, "%s%s", i > 0 ? ", " : "", sw_model_get_shared_signal_name (r->model, i));
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("--vary %s: the model has no shared signal “%s”; valid: %s"), name, signal_name,
                   valid->len > 0 ? valid->str : _("none (the model’s \"signals\" is empty)"));
      return FALSE;
    }
  signal = sw_model_get_shared_signal (r->model, (guint) index);
  t->signal_json = sw_signal_to_json (signal);
  if (field == NULL && !sw_signal_is_constant (signal))
    {
      g_autofree char *valid = dup_number_fields (signal_fields (t->signal_json));

      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("--vary %s: the shared signal “%s” is a %s, not a number; vary one of its numbers, "
                     "signals.%s.FIELD with FIELD one of: %s"), name, signal_name, sw_signal_get_type_name (signal),
                   signal_name, *valid != '\0' ? valid : _("none"));
      return FALSE;
    }
  if (field != NULL && !has_number_field (signal_fields (t->signal_json), field))
    {
      g_autofree char *valid = dup_number_fields (signal_fields (t->signal_json));

      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("--vary %s: the shared signal “%s” has no number “%s”; valid: %s"), name, signal_name, field,
                   *valid != '\0' ? valid : sw_signal_is_constant (signal) ? _("none (a constant: vary signals.NAME)")
                                                                           : _("none"));
      return FALSE;
    }
  t->kind = TARGET_SHARED_SIGNAL;
  t->component = (guint) index;
  t->field = g_strdup (field);
  return TRUE;
}

/* ID.PARAM.FIELD: a number inside a component's signal parameter. */
static gboolean
resolve_signal_field (SwStudyRunner *r, guint k, GError **error)
{
  const char *name = sw_study_design_get_name (r->design, k);
  const char *id_param = sw_study_design_get_component (r->design, k);
  const char *dot = strrchr (id_param, '.');
  g_autofree char *id = dot != NULL ? g_strndup (id_param, (gsize) (dot - id_param)) : NULL;
  Target *t = &r->targets[k];
  const SwComponent *c;
  JsonObject *fields;
  int ci = -1;

  if (id == NULL || (ci = sw_model_find_component (r->model, id)) < 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("--vary %s: the model has no component “%s” (nor is it “simulation” or “signals”)"), name,
                   id != NULL ? id : id_param);
      return FALSE;
    }
  c = sw_model_get_component (r->model, (guint) ci);
  for (guint p = 0; p < c->kind->n_params; p++)
    if (g_str_equal (c->kind->params[p].name, dot + 1) && c->kind->params[p].type == SW_PARAM_SIGNAL
        && c->signal[p] != NULL)
      {
        const char *field = sw_study_design_get_param (r->design, k);

        t->signal_json = sw_signal_to_json (c->signal[p]);
        fields = signal_fields (t->signal_json);
        if (!has_number_field (fields, field))
          {
            g_autofree char *valid = dup_number_fields (fields);

            g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                         _("--vary %s: the signal of “%s” has no number “%s”; valid: %s"), name, id_param, field,
                         *valid != '\0' ? valid : _("none (vary the parameter itself)"));
            return FALSE;
          }
        t->kind = TARGET_SIGNAL_FIELD;
        t->component = (guint) ci;
        t->signal_param = g_strdup (dot + 1);
        t->field = g_strdup (field);
        return TRUE;
      }
  g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
               _("--vary %s: component “%s” has no signal parameter “%s”"), name, id, dot + 1);
  return FALSE;
}

static gboolean
resolve_target (SwStudyRunner *r, guint k, GError **error)
{
  const char *id = sw_study_design_get_component (r->design, k);
  const char *param = sw_study_design_get_param (r->design, k);
  Target *t = &r->targets[k];
  const SwKind *kind;
  int c;

  if (g_str_equal (id, "simulation"))
    {
      if (g_str_equal (param, "stop_time"))
        t->kind = TARGET_STOP_TIME;
      else if (g_str_equal (param, "output_interval"))
        t->kind = TARGET_INTERVAL;
      else if (g_str_equal (param, "tolerance"))
        t->kind = TARGET_TOLERANCE;
      else
        {
          g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                       _("--vary %s: the simulation settings have no “%s”; valid: stop_time, output_interval, "
                         "tolerance"), sw_study_design_get_name (r->design, k), param);
          return FALSE;
        }
      return TRUE;
    }
  /* Shared signals by the file's key, "signals" (a component of that id
   * keeps its name; a shared signal's name has no dot). */
  if (sw_model_find_component (r->model, "signals") < 0)
    {
      if (g_str_has_prefix (id, "signals.") && strchr (id + 8, '.') == NULL)
        return resolve_shared_signal (r, k, id + 8, param, error);
      if (g_str_equal (id, "signals"))
        return resolve_shared_signal (r, k, param, NULL, error);
    }
  if ((c = sw_model_find_component (r->model, id)) < 0 && strchr (id, '.') != NULL)
    return resolve_signal_field (r, k, error);
  if (c < 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("--vary %s: the model has no component “%s” (nor is it “simulation” or “signals”)"),
                   sw_study_design_get_name (r->design, k), id);
      return FALSE;
    }
  kind = sw_model_get_component (r->model, (guint) c)->kind;
  for (guint p = 0; p < kind->n_params; p++)
    if (g_str_equal (kind->params[p].name, param))
      {
        if (kind->params[p].type == SW_PARAM_TABLE || kind->params[p].type == SW_PARAM_EXPRESSION)
          {
            g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                         _("--vary %s: “%s” is a table or a formula, not a number"),
                         sw_study_design_get_name (r->design, k), param);
            return FALSE;
          }
        t->kind = TARGET_PARAM;
        t->component = (guint) c;
        return TRUE;
      }
  {
    g_autoptr (GString) valid = g_string_new (NULL);

    for (guint p = 0; p < kind->n_params; p++)
      if (kind->params[p].type != SW_PARAM_TABLE && kind->params[p].type != SW_PARAM_EXPRESSION)
        g_string_append_printf (valid, "%s%s", valid->len > 0 ? ", " : "", kind->params[p].name);
    g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                 _("--vary %s: component “%s” (%s) has no parameter “%s”; valid: %s"),
                 sw_study_design_get_name (r->design, k), id, kind->name, param, valid->str);
  }
  return FALSE;
}

/* The simulation options of a run of sys. */
static SwSimulateOptions
run_options (const SwStudyRunner *r, const SwSystem *sys)
{
  SwSimulateOptions o = sw_simulate_options_from_system (sys);

  o.variables = sw_study_outputs_get_variables (r->outputs);
  return o;
}

SwStudyRunner *
sw_study_runner_new (SwModel *model, const SwStudyDesign *design, const SwStudyOutputs *outputs,
                     double modes_at_s, GError **error)
{
  g_autoptr (SwStudyRunner) r = g_new0 (SwStudyRunner, 1);
  const SwSimulationSettings *s = sw_model_get_simulation (model);
  guint n = sw_study_design_get_n_params (design);

  r->model = g_object_ref (model);
  r->design = design;
  r->outputs = outputs;
  r->modes_at_s = modes_at_s;
  r->targets = g_new0 (Target, MAX (n, 1));
  r->settings = *s;
  r->settings.method = g_strdup (s->method);
  for (guint k = 0; k < n; k++)
    if (!resolve_target (r, k, error))
      return NULL;
  /* The outputs' variables, against the model as loaded: an unknown name
   * is the study's mistake, not a run's. */
  if (sw_study_outputs_need_simulation (outputs))
    {
      g_autoptr (SwSystem) sys = sw_model_assemble (model, NULL);

      if (sys != NULL)
        {
          SwSimulateOptions o = run_options (r, sys);
          g_auto (GStrv) names = sw_simulate_dup_column_names (sys, &o, error);

          if (names == NULL)
            {
              g_prefix_error (error, "--outputs: ");
              return NULL;
            }
        }
    }
  return g_steal_pointer (&r);
}

void
sw_study_runner_free (SwStudyRunner *r)
{
  if (r == NULL)
    return;
  g_clear_object (&r->model);
  for (guint k = 0; k < sw_study_design_get_n_params (r->design); k++)
    {
      g_free (r->targets[k].signal_param);
      g_free (r->targets[k].field);
      g_clear_pointer (&r->targets[k].signal_json, json_node_unref);
    }
  g_free (r->targets);
  g_free (r->settings.method);
  g_free (r);
}

/* The signal as the model had it, with the field set to v. */
static gboolean
set_signal_field (SwStudyRunner *r, const Target *t, double v, GError **error)
{
  g_autoptr (JsonNode) node = json_node_copy (t->signal_json);
  g_autoptr (SwSignal) signal = NULL;

  json_object_set_double_member (signal_fields (node), t->field, v);
  if (!(signal = sw_signal_new_from_json (node, error)))
    return FALSE;
  return sw_model_set_param_signal (r->model, t->component, t->signal_param, signal, error);
}

/* The shared signal as the model had it, with the field (or the constant)
 * set to v. */
static gboolean
set_shared_signal (SwStudyRunner *r, const Target *t, double v, GError **error)
{
  g_autoptr (SwSignal) signal = NULL;

  if (t->field == NULL)
    signal = sw_signal_new_constant (v);
  else
    {
      g_autoptr (JsonNode) node = json_node_copy (t->signal_json);

      json_object_set_double_member (signal_fields (node), t->field, v);
      if (!(signal = sw_signal_new_from_json (node, error)))
        return FALSE;
    }
  return sw_model_set_shared_signal (r->model, t->component, signal, error);
}

/* Sets run's values on the model; the settings are set whole every run. */
static gboolean
apply_run (SwStudyRunner *r, guint64 run, GError **error)
{
  SwSimulationSettings settings = r->settings;
  gboolean settings_varied = FALSE;

  for (guint k = 0; k < sw_study_design_get_n_params (r->design); k++)
    {
      double v = sw_study_design_get_value (r->design, run, k);
      const Target *t = &r->targets[k];

      switch (t->kind)
        {
        case TARGET_PARAM:
          if (!sw_model_set_param (r->model, t->component, sw_study_design_get_param (r->design, k), v, error))
            return FALSE;
          continue;
        case TARGET_SIGNAL_FIELD:
        case TARGET_SHARED_SIGNAL:
          if (!(t->kind == TARGET_SIGNAL_FIELD ? set_signal_field (r, t, v, error) : set_shared_signal (r, t, v, error)))
            {
              g_prefix_error (error, "%s: ", sw_study_design_get_name (r->design, k));
              return FALSE;
            }
          continue;
        case TARGET_STOP_TIME:
          settings.stop_time_s = v;
          break;
        case TARGET_INTERVAL:
          settings.output_interval_s = v;
          break;
        case TARGET_TOLERANCE:
          settings.tolerance = v;
          break;
        default:
          g_assert_not_reached ();
        }
      settings_varied = TRUE;
      if (!(v > 0) || (t->kind == TARGET_TOLERANCE && !(v < 1)))
        {
          char buf[SW_NUMBER_BUF_SIZE];

          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s = %s: valid is a number > 0%s"),
                       sw_study_design_get_name (r->design, k), sw_format_number (buf, v),
                       t->kind == TARGET_TOLERANCE ? _(" and < 1") : "");
          return FALSE;
        }
    }
  if (settings_varied)
    sw_model_set_simulation (r->model, &settings);
  return TRUE;
}

gboolean
sw_study_runner_apply (SwStudyRunner *r, guint64 run, GError **error)
{
  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (run < sw_study_design_get_n_runs (r->design), FALSE);
  return apply_run (r, run, error);
}

gboolean
sw_study_runner_run (SwStudyRunner *r, guint64 run, double *values, GError **error)
{
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autofree double *state = NULL;
  SwSimulateStats stats = { 0 };

  g_return_val_if_fail (run < sw_study_design_get_n_runs (r->design), FALSE);
  if (!apply_run (r, run, error) || !(sys = sw_model_assemble (r->model, error)))
    return FALSE;
  if (sw_study_outputs_need_simulation (r->outputs))
    {
      SwSimulateOptions o = run_options (r, sys);

      if (sw_study_outputs_get_latest_time (r->outputs) > o.stop_time_s)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("an output reads t = %g s, after the stop time %g s"),
                       sw_study_outputs_get_latest_time (r->outputs), o.stop_time_s);
          return FALSE;
        }
      if (!(tr = sw_simulate_full (sys, &o, NULL, NULL, NULL, &stats, error)))
        return FALSE;
    }
  if (sw_study_outputs_need_modes (r->outputs))
    {
      SwModesOptions mo = sw_modes_options_default ();

      mo.keep_values = FALSE;
      if (r->modes_at_s > 0)
        {
          SwSimulateOptions o = sw_simulate_options_from_system (sys);

          o.stop_time_s = r->modes_at_s;
          if (!(state = sw_simulate_final_state (sys, &o, error)))
            return FALSE;
        }
      if (!(modes = sw_modes_compute_with_options (sys, r->modes_at_s, state, &mo, error)))
        return FALSE;
    }
  return sw_study_outputs_evaluate (r->outputs, sys, tr, &stats, modes, values, error);
}
