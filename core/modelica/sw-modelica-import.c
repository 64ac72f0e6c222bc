/* sw-modelica-import.c: a Modelica model built from
 * Modelica.Mechanics.Rotational, .Translational and Modelica.Blocks.Sources
 * turned into a Shaftwork model.
 *
 * Classes map by name: the package path says the domain, the class name in
 * snake case the kind (Components.IdealGear -> rotational.ideal_gear);
 * parameters keep their Modelica names. start values with fixed = true on
 * phi, w (s, v) and on relative quantities become initial values; other
 * starts are guesses and are left out (sw-modelica-import-starts.c).
 * Sources' blocks (Sine, Step, …, CombiTimeTable, Exponentials, and
 * Product, Add, Gain, Feedback of them) wired to a source's input, through
 * its whole connection set, become its signal. Arrays of components are
 * expanded first (sw-modelica-import-arrays.c), signals made from blocks in
 * sw-modelica-import-signals.c.
 * Placement annotations give positions, the experiment annotation the
 * simulation settings. Anything else is an error naming its line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica.h"
#include "sw-modelica-import-private.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include "sw-error.h"
#include "sw-model-reader-private.h"
#include "sw-kind.h"
#include "sw-table.h"
#include "sw-model-private.h"
#include "sw-number.h"

static void
fail_va (Import *im, guint line, guint column, const char *format, va_list args) G_GNUC_PRINTF (4, 0);

static void
fail_va (Import *im, guint line, guint column, const char *format, va_list args)
{
  g_autofree char *message = NULL;

  if (im->error != NULL)
    return;
  message = _sw_mo_dup_message (format, args);
  g_set_error (&im->error, SW_ERROR, SW_ERROR_INVALID, "%s:%u:%u: error: %s", im->file, line, column, message);
}


void
_sw_mo_import_fail (Import *im, guint line, guint column, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  fail_va (im, line, column, format, args);
  va_end (args);
}

void
_sw_mo_fail (Import *im, guint line, guint column, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  fail_va (im, line, column, format, args);
  va_end (args);
}

/* ---- Classes (their kinds: sw-modelica-import-kinds.c) ------------------ */

/* The blocks of Modelica.Blocks.Sources (and Math) that make signals. */
const char *const _sw_mo_import_source_blocks[] = {
  "Constant", "Step", "Ramp", "Sine", "ExpSine", "Pulse", "SawTooth", "Trapezoid", "TimeTable", NULL,
};
static const char *const math_blocks[] = { "Product", "Add", "Gain", "Feedback", NULL };

/* A block of Modelica.Blocks, or one of its names used without the path. */
gboolean
_sw_mo_import_is_block (const MoElement *el)
{
  const char *last = _sw_mo_last_part (el->type);

  return _sw_mo_has_part (el->type, "Blocks") || g_strv_contains (_sw_mo_import_source_blocks, last) || g_strv_contains (math_blocks, last);
}

/* ---- Components --------------------------------------------------------- */

/* Modifications that change nothing here (a support left unconnected is
 * grounded; no heat ports). */
static const char *const ignored[] = {
  "useSupport", "useSupportR", "useSupportT", "useHeatPort", "stateSelect",
  /* The eddy current brakes: their input, connected, is the signal of
   * tau_nominal (f_nominal). */
  "useTau_nominalInput", "useF_nominalInput",
  /* MSL's friction elements: the speed below which a sliding element may
   * stick, in their regularised form; the engine's events are exact. */
  "w_small", "v_small",
  /* InitializeFlange: a start given is used, one left out is not. */
  "use_phi_start", "use_w_start", "use_s_start", "use_v_start", "use_a_start", NULL,
};

/* Move's inputs u[1], u[2], u[3] are its signals phi, w, a (s, v, a);
 * any other input is the parameter of its name. */
const char *
_sw_mo_input_param (const SwKind *kind, const char *input)
{
  if (g_str_has_suffix (kind->name, ".move") && strlen (input) == 4 && g_str_has_prefix (input, "u[")
      && input[2] >= '1' && input[2] <= '3' && input[3] == ']')
    return kind->params[input[2] - '1'].name;
  /* EddyCurrentTorque's tau_input (EddyCurrentForce's f_input). */
  if (g_str_has_prefix (kind->name, "rotational.eddy_current") && strcmp (input, "tau_input") == 0)
    return "tau_nominal";
  if (g_str_has_prefix (kind->name, "translational.eddy_current") && strcmp (input, "f_input") == 0)
    return "f_nominal";
  return input;
}

static char *
valid_params (const SwKind *kind)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < kind->n_params; k++)
    g_string_append_printf (s, "%s%s", k > 0 ? ", " : "", kind->params[k].name);
  return g_string_free (s, FALSE);
}

static void
prefix_error (Import *im, guint line, guint column, GError *error)
{
  _sw_mo_import_fail (im, line, column, "%s", error->message);
  g_error_free (error);
}

void
_sw_mo_fail_with (Import *im, guint line, guint column, GError *error)
{
  prefix_error (im, line, column, error);
}

/* A number goes into names and values, to be set with the others (a
 * limit is checked against another); the rest is set here. */
typedef struct {
  guint       n;
  const char *names[SW_KIND_MAX_PARAMS];
  double      values[SW_KIND_MAX_PARAMS];
} Numbers;

static gboolean
has_table (const SwKind *kind)
{
  for (guint k = 0; k < kind->n_params; k++)
    if (kind->params[k].type == SW_PARAM_TABLE)
      return TRUE;
  return FALSE;
}

static void
component_param (Import *im, const MoElement *el, guint index, const MoMod *m, Numbers *numbers)
{
  const SwKind *kind = sw_model_get_component (im->model, index)->kind;
  int p = sw_kind_find_param (kind, m->name);
  Value v = { 0 };
  GError *error = NULL;

  if (g_strv_contains (ignored, m->name))
    return;
  /* MSL 4 renamed the friction coefficient mue_pos (MSL 3) to mu_pos. */
  if (p < 0 && strcmp (m->name, "mu_pos") == 0)
    p = sw_kind_find_param (kind, "mue_pos");
  /* MSL 4 renamed SignTorque's tau_constant (MSL 3.2.3) to tau_nominal
   * (the MSL's issue #2863, a rename in its conversion script). */
  if (p < 0 && strcmp (m->name, "tau_constant") == 0 && strcmp (kind->name, "rotational.sign_torque") == 0)
    p = sw_kind_find_param (kind, "tau_nominal");
  /* And SignForce's f_constant to f_nominal, in the same change. */
  if (p < 0 && strcmp (m->name, "f_constant") == 0 && strcmp (kind->name, "translational.sign_force") == 0)
    p = sw_kind_find_param (kind, "f_nominal");
  if (m->children != NULL && p < 0)
    {
      _sw_mo_start_attribute (im, el, index, m);
      return;
    }
  if (p < 0 && g_str_has_suffix (m->name, "_nominal"))
    {
      _sw_mo_nominal_value (im, el, index, m->name, m->value, m->line, m->column);
      return;
    }
  /* MSL 4's smoothness of a friction table: the tables here interpolate
   * linearly, LinearSegments (its default). */
  if (p < 0 && strcmp (m->name, "smoothness") == 0 && has_table (kind))
    {
      const char *literal = m->value != NULL && m->value->kind == MO_NAME ? _sw_mo_last_part (m->value->text) : "";

      if (strcmp (literal, "LinearSegments") != 0)
        _sw_mo_import_fail (im, m->line, m->column, _("%s.smoothness = %s is not supported; valid: LinearSegments (the tables "
                                                      "here interpolate linearly)"), el->name, literal[0] != '\0' ? literal : "?");
      return;
    }
  /* A Vehicle's wind, Cr and inclination are signals: its constants
   * (vWindConstant, …) set them, and its inputs (vWind, …), switched on
   * by useWindInput, … are wired to them. */
  if (p < 0 && sw_kind_find_param (kind, "inclination") >= 0 && sw_kind_find_param (kind, "cr") >= 0)
    {
      static const char *const constants[][2] = {
        { "vWindConstant", "vWind" }, { "CrConstant", "cr" }, { "inclinationConstant", "inclination" },
      };

      if (strcmp (m->name, "useWindInput") == 0 || strcmp (m->name, "useCrInput") == 0
          || strcmp (m->name, "useInclinationInput") == 0)
        return;
      for (guint k = 0; k < G_N_ELEMENTS (constants); k++)
        if (strcmp (m->name, constants[k][0]) == 0)
          p = sw_kind_find_param (kind, constants[k][1]);
    }
  if (p < 0)
    {
      g_autofree char *valid = valid_params (kind);

      /* exact = true is what every source here does. */
      if (strcmp (m->name, "exact") == 0 && m->value != NULL && _sw_mo_eval (im, m->value, &v))
        {
          gboolean set = v.kind == V_NUMBER && v.number != 0;

          _sw_mo_value_clear (&v);
          if (set)
            return;
        }
      _sw_mo_import_fail (im, m->line, m->column, _("%s (%s): parameter “%s” is not supported; valid: %s"), el->name, el->type,
                          m->name, valid);
      return;
    }
  if (m->value != NULL && im->own_params != NULL)
    {
      g_autofree char *target = g_strdup_printf ("%s.%s", el->name, kind->params[p].name);
      SwParamType type = kind->params[p].type;

      im->allow_own = _sw_mo_bind (im, m->value, target);
      if (im->allow_own && !(type == SW_PARAM_REAL || type == SW_PARAM_INITIAL || type == SW_PARAM_SIGNAL))
        {
          _sw_mo_import_fail (im, m->line, m->column, _("%s.%s: a model's parameter can set only a number parameter"), el->name,
                              m->name);
          im->allow_own = FALSE;
          return;
        }
    }
  if (m->value == NULL || !_sw_mo_eval (im, m->value, &v))
    {
      im->allow_own = FALSE;
      if (m->value == NULL)
        _sw_mo_import_fail (im, m->line, m->column, _("%s.%s needs a value"), el->name, m->name);
      return;
    }
  im->allow_own = FALSE;
  if (kind->params[p].type == SW_PARAM_TABLE)
    {
      g_autoptr (SwTable) table = NULL;

      if (v.kind != V_MATRIX)
        _sw_mo_import_fail (im, m->line, m->column, _("%s.%s is a table: give rows [a, b; c, d]"), el->name, m->name);
      else if ((table = sw_table_new (v.rows, v.cols, v.cells)) != NULL
               && !sw_model_set_param_table (im->model, index, kind->params[p].name, table, &error))
        prefix_error (im, m->line, m->column, error);
    }
  else if (v.kind != V_NUMBER)
    _sw_mo_import_fail (im, m->line, m->column, _("%s.%s needs a number"), el->name, m->name);
  else if (numbers->n < SW_KIND_MAX_PARAMS)
    {
      numbers->names[numbers->n] = kind->params[p].name;
      numbers->values[numbers->n++] = v.number;
    }
  _sw_mo_value_clear (&v);
}

/* Placement (transformation (extent = {{x0, y0}, {x1, y1}}, origin = {x, y},
 * rotation = r)): Modelica's diagram units, y up, into the canvas's. */
static void
placement (Import *im, const MoElement *el, guint index)
{
  MoMod *pl = _sw_mo_find (el->annotation, "Placement"), *tr = pl ? _sw_mo_find (pl->children, "transformation") : NULL;
  MoMod *extent = tr ? _sw_mo_find (tr->children, "extent") : NULL, *origin = tr ? _sw_mo_find (tr->children, "origin") : NULL;
  Value e = { 0 }, o = { 0 };
  double x = 0, y = 0;
  GError *before = im->error;

  /* A placement that cannot be read leaves the position out. */
  im->error = NULL;
  if (extent == NULL || extent->value == NULL || !_sw_mo_eval (im, extent->value, &e))
    {
      g_clear_error (&im->error);
      im->error = before;
      return;
    }
  if (e.kind == V_MATRIX && e.rows == 2 && e.cols == 2)
    {
      x = 0.5 * (e.cells[0] + e.cells[2]);
      y = 0.5 * (e.cells[1] + e.cells[3]);
    }
  if (origin != NULL && origin->value != NULL && _sw_mo_eval (im, origin->value, &o) && o.kind == V_MATRIX && o.cols == 2)
    {
      x += o.cells[0];
      y += o.cells[1];
    }
  {
    MoMod *rotation = _sw_mo_find (tr->children, "rotation");
    double r = 0;

    /* Modelica turns counterclockwise with y up; the canvas clockwise
     * with y down: the same turn on screen. */
    /* In quarter turns modulo a full turn before any conversion to int:
     * a rotation of 1e300 is a whole number of turns, not an overflow. */
    if (rotation != NULL && rotation->value != NULL && _sw_mo_eval_number (im, rotation->value, &r) && isfinite (r))
      {
        int quarters = (int) fmod (round (r / 90), 4);

        sw_model_set_rotation (im->model, index, ((360 - quarters * 90) % 360 + 360) % 360, FALSE);
      }
  }
  g_clear_error (&im->error);
  im->error = before;
  /* An origin of 1e308 is read, but lies off any canvas: left out. */
  if (isfinite (400 + 3 * x) && isfinite (300 - 3 * y))
    sw_model_set_position (im->model, index, 400 + 3 * x, 300 - 3 * y);
  _sw_mo_value_clear (&e);
  _sw_mo_value_clear (&o);
}

/* MSL's FreeWheel, a regularised diode, as a custom coupling of its law,
 * whose tau and w_rel are those of a damper (flange_b's torque, w_b -
 * w_a). MSL 4.1 writes it as compliant (PartialCompliant: free for w_rel
 * >= 0, tau = residualFriction w_rel, else torqueTransmission w_rel): the
 * damper's signs, tau = w_rel (d_free while w_rel >= 0, else d_lock).
 * Its first draft (the pull request that added it, parameters tauRes and
 * wRes) wrote it over two flanges (w_rel = w_a - w_b, tau = flange_a's;
 * free for w_rel <= 0: tau = wRes w_rel, else w_rel = tauRes tau): given
 * those parameters, its flanges are swapped (_sw_mo_port_end), so that
 * the coupling's w_rel and tau are the draft's, and the law is tau = w_rel
 * (d_free while w_rel <= 0, else d_lock). d_free = wRes or
 * residualFriction, d_lock = 1 / tauRes or torqueTransmission (the
 * defaults of both: 1e-5 and 1e5). */
gboolean
_sw_mo_free_wheel_swapped (const MoElement *el)
{
  if (strcmp (_sw_mo_last_part (el->type), "FreeWheel") != 0)
    return FALSE;
  for (guint k = 0; el->mods != NULL && k < el->mods->len; k++)
    {
      const MoMod *m = g_ptr_array_index (el->mods, k);

      if (strcmp (m->name, "tauRes") == 0 || strcmp (m->name, "wRes") == 0)
        return TRUE;
    }
  return FALSE;
}

static void
free_wheel (Import *im, const MoElement *el)
{
  static const char *const names[] = { "tauRes", "wRes", "residualFriction", "torqueTransmission" };
  double values[] = { 1e-5, 1e-5, 1e-5, 1e5 };
  gboolean given[G_N_ELEMENTS (names)] = { FALSE };
  const char *constants[] = { "d_free", "d_lock" };
  double d[2];
  g_autoptr (SwExpression) law = NULL;
  GError *error = NULL;
  int index;

  for (guint k = 0; el->mods != NULL && k < el->mods->len; k++)
    {
      const MoMod *m = g_ptr_array_index (el->mods, k);
      guint which = 0;

      while (which < G_N_ELEMENTS (names) && strcmp (m->name, names[which]) != 0)
        which++;
      if (which == G_N_ELEMENTS (names) || m->value == NULL || m->children != NULL)
        {
          _sw_mo_import_fail (im, m->line, m->column,
                              _("%s (%s): the modifier %s is not supported; valid: tauRes, wRes (MSL 4.1) or "
                                "residualFriction, torqueTransmission"), el->name, el->type, m->name);
          return;
        }
      if (!_sw_mo_eval_number (im, m->value, &values[which]))
        return;
      if (!(values[which] > 0) || !isfinite (values[which]))
        {
          _sw_mo_import_fail (im, m->line, m->column, _("%s: %s = %g is not valid; valid: a number > 0"), el->name,
                              m->name, values[which]);
          return;
        }
      given[which] = TRUE;
    }
  if ((given[0] || given[1]) && (given[2] || given[3]))
    {
      _sw_mo_import_fail (im, el->line, el->column,
                          _("%s: give tauRes and wRes (MSL 4.1) or residualFriction and torqueTransmission, not both"),
                          el->name);
      return;
    }
  d[0] = given[2] ? values[2] : values[1];
  d[1] = given[3] ? values[3] : 1 / values[0];
  index = sw_model_add_component (im->model, "rotational.custom_coupling", el->name, &error);
  if (index < 0)
    {
      prefix_error (im, el->line, el->column, error);
      return;
    }
  law = sw_expression_new (_sw_mo_free_wheel_swapped (el) ? "w_rel*(d_lock*step(w_rel) + d_free*(1 - step(w_rel)))"
                                                          : "w_rel*(d_free*step(w_rel) + d_lock*(1 - step(w_rel)))",
                           2, constants, d);
  if (!sw_model_set_param_expression (im->model, (guint) index, "tau", law, &error))
    {
      prefix_error (im, el->line, el->column, error);
      return;
    }
  placement (im, el, (guint) index);
}

static void
add_component (Import *im, const MoElement *el)
{
  const SwKind *kind = _sw_mo_kind_of (im, el->type);
  GError *error = NULL;
  int index;

  /* A connector is a port of the model, a model of the file a subsystem
   * (added after the others, sw-modelica-import-classes.c). */
  if (_sw_mo_is_connector (el))
    {
      if (im->own_params == NULL)
        _sw_mo_import_fail (im, el->line, el->column,
                            _("the connector %s is not supported here: a model shows ports only as a model inside the file's "
                              "(a subsystem)"), el->name);
      return;
    }
  if (_sw_mo_find_class (im, el->type, NULL) != NULL)
    {
      g_ptr_array_add (im->instances, (gpointer) el);
      return;
    }
  if (kind == NULL && strcmp (_sw_mo_last_part (el->type), "FreeWheel") == 0)
    {
      free_wheel (im, el);
      return;
    }
  if (kind == NULL)
    {
      _sw_mo_import_fail (im, el->line, el->column,
                          _("%s (%s) is not supported: components come from Modelica.Mechanics.Rotational and Translational "
                            "(see shaftwork-cli list) and Modelica.Blocks.Sources"), el->name, el->type);
      return;
    }
  index = sw_model_add_component (im->model, kind->name, el->name, &error);
  if (index < 0)
    {
      prefix_error (im, el->line, el->column, error);
      return;
    }
  /* A custom coupling's modifiers are its formula and constants. */
  if (_sw_mo_kind_has_formula (kind))
    {
      _sw_mo_custom_coupling (im, el, (guint) index);
      placement (im, el, (guint) index);
      return;
    }
  {
    Numbers numbers = { 0 };

    for (guint k = 0; el->mods != NULL && k < el->mods->len && im->error == NULL; k++)
      component_param (im, el, (guint) index, g_ptr_array_index (el->mods, k), &numbers);
    /* MSL's Position and Speed filter their reference unless exact = true. */
    if (sw_kind_find_param (kind, "exact") >= 0 && _sw_mo_find (el->mods, "exact") == NULL)
      {
        numbers.names[numbers.n] = "exact";
        numbers.values[numbers.n++] = 0;
      }
    if (im->error == NULL
        && !sw_model_set_params (im->model, (guint) index, numbers.n, numbers.names, numbers.values, &error))
      prefix_error (im, el->line, el->column, error);
  }
  placement (im, el, (guint) index);
}

void
_sw_mo_placement (Import *im, const MoElement *el, guint index)
{
  placement (im, el, index);
}

/* ---- Connections -------------------------------------------------------- */

/* A block wired to an initial-value input (InitializeFlange's phi_start):
 * its value at t = 0 when it is constant, else an error. FALSE when the
 * input is no initial value. */
static gboolean
initial_input (Import *im, const MoConnect *c, guint index, const char *input, SwSignal *signal)
{
  const SwKind *kind = sw_model_get_component (im->model, index)->kind;
  int p = sw_kind_find_param (kind, input);
  GError *error = NULL;

  if (p < 0 || kind->params[p].type != SW_PARAM_INITIAL)
    return FALSE;
  if (!sw_signal_is_constant (signal))
    _sw_mo_import_fail (im, c->line, c->column, _("%s is an initial value: connect a constant (Blocks.Sources.Constant) to it"),
                        input);
  else if (!sw_model_set_param (im->model, index, input, sw_signal_eval (signal, 0, FALSE, NULL, NULL), &error))
    prefix_error (im, c->line, c->column, error);
  return TRUE;
}

/* end ("clutch.f_normalized") is a signal input of a component in the
 * model: a parameter of that name, no port. */
static gboolean
signal_input (Import *im, const char *end)
{
  g_autofree char *id = g_strndup (end, strcspn (end, "."));
  int index = sw_model_find_component (im->model, id);
  const SwKind *kind = index >= 0 ? sw_model_get_component (im->model, (guint) index)->kind : NULL;
  const char *input = strchr (end, '.');
  int p;

  if (kind == NULL || input == NULL || _sw_mo_import_sensor_of (im, end) != NULL)
    return FALSE;
  for (guint k = 0; k < kind->n_ports; k++)
    if (strcmp (kind->ports[k].name, input + 1) == 0)
      return FALSE;
  p = sw_kind_find_param (kind, _sw_mo_input_param (kind, input + 1));
  return p >= 0 && (kind->params[p].type == SW_PARAM_SIGNAL || kind->params[p].type == SW_PARAM_INITIAL);
}

/* A connect() between two components' signal inputs, or a sensor's output
 * and an input: each input gets what drives the set (a block's signal, a
 * sensor's output). */
static gboolean
wire_inputs (Import *im, const MoConnect *c)
{
  const char *ends[] = { c->a, c->b };

  for (guint k = 0; k < 2; k++)
    {
      g_autofree char *id = g_strndup (ends[k], strcspn (ends[k], "."));
      const MoElement *el = g_hash_table_lookup (im->elements, id);
      const char *input = strchr (ends[k], '.');
      g_autoptr (SwSignal) signal = NULL;
      GError *error = NULL;
      const SwKind *kind;
      JsonNode *node;
      int index;

      if (el == NULL || input == NULL || !signal_input (im, ends[k]))
        continue;
      index = sw_model_find_component (im->model, id);
      kind = sw_model_get_component (im->model, (guint) index)->kind;
      node = _sw_mo_import_input_signal (im, el, input + 1, 0);
      if (node == NULL)
        return FALSE;
      signal = sw_signal_new_from_json (node, &error);
      json_node_unref (node);
      if (signal != NULL && initial_input (im, c, (guint) index, input + 1, signal))
        continue;
      if (signal == NULL
          || !sw_model_set_param_signal (im->model, (guint) index, _sw_mo_input_param (kind, input + 1), signal,
                                         &error))
        {
          prefix_error (im, c->line, c->column, error);
          return FALSE;
        }
    }
  return im->error == NULL;
}

static void
connect_all (Import *im)
{
  g_autofree char *signal_target = NULL;

  for (guint k = 0; k < im->klass->connects->len && im->error == NULL; k++)
    {
      const MoConnect *c = &g_array_index (im->klass->connects, MoConnect, k);
      g_autofree char *id_a = g_strndup (c->a, strcspn (c->a, ".")), *id_b = g_strndup (c->b, strcspn (c->b, "."));
      const MoElement *a = g_hash_table_lookup (im->elements, id_a), *b = g_hash_table_lookup (im->elements, id_b);
      GError *error = NULL;

      if (_sw_mo_connect_port (im, c))
        continue;
      if (a == NULL || b == NULL)
        {
          _sw_mo_import_fail (im, c->line, c->column, _("connect (%s, %s): there is no component %s"), c->a, c->b,
                              a == NULL ? id_a : id_b);
          return;
        }
      if (!_sw_mo_import_is_block (a) && !_sw_mo_import_is_block (b) && (signal_input (im, c->a) || signal_input (im, c->b)))
        {
          if (!wire_inputs (im, c))
            return;
          continue;
        }
      if (_sw_mo_import_is_block (a) || _sw_mo_import_is_block (b))
        {
          /* A block's output into a source's input: that input's signal. */
          const MoElement *target = _sw_mo_import_is_block (a) ? b : a;
          const char *input = strchr (_sw_mo_import_is_block (a) ? c->b : c->a, '.');
          g_autoptr (SwSignal) signal = NULL;
          JsonNode *node;
          int index;

          if (_sw_mo_import_is_block (target))
            continue;   /* between blocks: followed from the source's input */
          /* A sensor's output into a block: followed from the source's
           * input too. */
          if (_sw_mo_import_sensor_of (im, _sw_mo_import_is_block (a) ? c->b : c->a) != NULL)
            continue;
          index = sw_model_find_component (im->model, target->name);
          if (index < 0)
            {
              /* A variable (Real x, SI.Torque tau) or a parameter: no
               * input a signal could drive. */
              _sw_mo_import_fail (im, c->line, c->column,
                                  _("connect (%s, %s): %s is not a component: a block's output can drive only an input of a "
                                    "source (Torque.tau, Force.f, Position.phi_ref, …)"), c->a, c->b, target->name);
              return;
            }
          if (input == NULL)
            {
              _sw_mo_import_fail (im, c->line, c->column,
                                  _("connect (%s, %s): a block's output goes to an input of a component, %s.NAME"), c->a, c->b,
                                  target->name);
              return;
            }
          /* What a subsystem's parameter in a Constant straight into it
           * sets: the input's parameter (Move's u[1] is phi). */
          if (index >= 0 && input != NULL)
            {
              const SwKind *kind = sw_model_get_component (im->model, (guint) index)->kind;

              g_free (signal_target);
              signal_target = g_strdup_printf ("%s.%s", target->name, _sw_mo_input_param (kind, input + 1));
            }
          im->signal_target = signal_target;
          node = input != NULL ? _sw_mo_import_input_signal (im, target, input + 1, 0) : NULL;
          im->signal_target = NULL;
          if (node == NULL)
            return;
          signal = sw_signal_new_from_json (node, &error);
          json_node_unref (node);
          /* InitializeFlange's starts: a Constant block's value. */
          if (signal != NULL && initial_input (im, c, (guint) index, input + 1, signal))
            continue;
          if (signal == NULL
              || !sw_model_set_param_signal (im->model, (guint) index,
                                             _sw_mo_input_param (sw_model_get_component (im->model, (guint) index)->kind,
                                                                 input + 1),
                                             signal, &error))
            {
              prefix_error (im, c->line, c->column, error);
              return;
            }
          continue;
        }
      {
        g_autofree char *end_a = _sw_mo_port_end (im, c->a), *end_b = _sw_mo_port_end (im, c->b);

        if (!sw_model_connect (im->model, end_a, end_b, &error))
          prefix_error (im, c->line, c->column, error);
      }
    }
}

/* ---- The model ---------------------------------------------------------- */

/* The ids the export renamed because Modelica reserves them (input,
 * end): annotation(__Shaftwork(name="input")) on the component gives its
 * id back. Only in the file's model: a subsystem's interface names its
 * components as the class does. */
static void
restore_ids (Import *im)
{
  for (guint k = 0; k < im->klass->elements->len && im->error == NULL; k++)
    {
      const MoElement *el = g_ptr_array_index (im->klass->elements, k);
      MoMod *vendor = _sw_mo_find (el->annotation, "__Shaftwork");
      MoMod *name = vendor != NULL ? _sw_mo_find (vendor->children, "name") : NULL;
      int index = el->name != NULL ? sw_model_find_component (im->model, el->name) : -1;
      GError *error = NULL;

      if (name == NULL || index < 0 || el->parameter)
        continue;
      if (name->value == NULL || name->value->kind != MO_STRING)
        _sw_mo_import_fail (im, name->line, name->column, _("__Shaftwork(name = …) needs a string: the component's id"));
      else if (!sw_model_set_id (im->model, (guint) index, name->value->text, &error))
        prefix_error (im, name->line, name->column, error);
    }
}

static void
value_free (Value *v)
{
  _sw_mo_value_clear (v);
  g_free (v);
}

/* A parameter's declared sizes (k[2, 3], tab[:, 2]) against its value's:
 * a number has none, a vector one (rows or columns of one), a matrix two;
 * ':' takes any. */
static gboolean
check_dims (Import *im, const MoElement *el, const Value *v)
{
  guint have[2] = { 0, 0 }, n_have = 0;

  if (el->dims == NULL)
    return TRUE;
  if (v->kind == V_MATRIX)
    {
      have[0] = v->rows;
      have[1] = v->cols;
      n_have = v->rows == 1 || v->cols == 1 ? 1 : 2;
      if (n_have == 1)
        have[0] = v->rows * v->cols;
    }
  if (el->dims->len > 2 || (el->dims->len != n_have && !(el->dims->len == 2 && n_have == 1)))
    {
      _sw_mo_import_fail (im, el->line, el->column,
                          _("parameter %s is declared with %u dimensions, its value has %u; valid: numbers, vectors "
                            "and matrices of the value's shape"), el->name, el->dims->len, n_have);
      return FALSE;
    }
  /* A one-row or one-column matrix declared [n, m] has its sizes as
   * written. */
  if (el->dims->len == 2 && v->kind == V_MATRIX)
    {
      have[0] = v->rows;
      have[1] = v->cols;
    }
  for (guint k = 0; k < el->dims->len; k++)
    {
      const MoExpr *d = g_ptr_array_index (el->dims, k);
      double size;

      if (d == NULL)
        continue;
      if (!_sw_mo_eval_number (im, d, &size))
        return FALSE;
      if (size != have[k])
        {
          _sw_mo_import_fail (im, d->line, d->column,
                              _("parameter %s: size %u is declared %g, its value's is %u; valid: %u or ':'"),
                              el->name, k + 1, size, have[k], have[k]);
          return FALSE;
        }
    }
  return TRUE;
}

void
_sw_mo_fill (Import *im)
{
  MoClass *klass = im->klass;

  im->params = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) value_free);
  im->elements = g_hash_table_new (g_str_hash, g_str_equal);
  im->instances = g_ptr_array_new ();
  for (guint k = 0; k < klass->elements->len && im->error == NULL; k++)
    {
      MoElement *el = g_ptr_array_index (klass->elements, k);
      Value *v;

      if (strcmp (el->type, "extends") == 0)
        {
          if (!g_str_has_prefix (el->name, "Modelica.Icons.") && !g_str_has_prefix (el->name, "Icons."))
            _sw_mo_import_fail (im, el->line, el->column, _("extends %s is not supported; only Modelica.Icons"), el->name);
          continue;
        }
      if (!el->parameter)
        {
          g_hash_table_insert (im->elements, el->name, el);
          continue;
        }
      /* (Evaluated already where an earlier one used it.) */
      if (!g_hash_table_contains (im->params, el->name))
        {
          if (el->value == NULL)
            {
              _sw_mo_import_fail (im, el->line, el->column, _("parameter %s has no value"), el->name);
              break;
            }
          v = g_new0 (Value, 1);
          if (!_sw_mo_eval (im, el->value, v))
            {
              value_free (v);
              break;
            }
          g_hash_table_insert (im->params, el->name, v);
        }
      if (!check_dims (im, el, g_hash_table_lookup (im->params, el->name)))
        break;
    }
  /* for loops of connect()s, their ranges and subscripts evaluated with
   * the parameters. */
  if (im->error == NULL)
    _sw_mo_unroll_loops (im);
  /* Conditional components (… if useHeatPort) whose condition is false
   * left out, with their connections. */
  if (im->error == NULL)
    _sw_mo_drop_conditional (im);
  /* Arrays of components, their sizes evaluated with the parameters. */
  if (im->error == NULL)
    _sw_mo_expand_arrays (im);
  /* GenerationOfFMUs' input/output blocks: their components. */
  if (im->error == NULL)
    _sw_mo_expand_fmu_blocks (im);
  /* Signal adaptors wired to each other: a joint of their flanges. */
  if (im->error == NULL)
    _sw_mo_join_adaptors (im);
  /* Heat ports and thermal parts: out of the class, solved afterwards. */
  if (im->error == NULL)
    _sw_mo_take_thermal (im);
  for (guint k = 0; k < klass->elements->len && im->error == NULL; k++)
    {
      MoElement *el = g_ptr_array_index (klass->elements, k);

      if (!el->parameter && strcmp (el->type, "extends") != 0 && !_sw_mo_import_is_block (el) && !_sw_mo_is_basic_type (el->type))
        add_component (im, el);
    }
  if (im->error == NULL && im->instances->len > 0)
    _sw_mo_add_instances (im);
  if (im->error == NULL)
    connect_all (im);
  /* Variables defined by a binding: observed variables. */
  if (im->error == NULL)
    _sw_mo_import_observed (im);
  for (guint k = 0; im->aliases != NULL && k < im->aliases->len && im->error == NULL; k += 2)
    {
      GError *error = NULL;

      if (!sw_model_add_observed (im->model, im->aliases->pdata[k], im->aliases->pdata[k + 1], "", &error))
        _sw_mo_fail_with (im, 0, 0, error);
    }
  g_clear_pointer (&im->aliases, g_ptr_array_unref);
  if (im->error == NULL)
    _sw_mo_import_thermal (im);
  g_clear_pointer (&im->thermal, _sw_mo_thermal_free);
  /* The file's model runs as its experiment says. */
  if (im->error == NULL && im->parent == NULL)
    _sw_mo_import_experiment (im);
  if (im->error == NULL && im->parent == NULL)
    restore_ids (im);
  if (im->error == NULL && im->def != NULL)
    _sw_mo_interface (im);
  g_clear_pointer (&im->params, g_hash_table_unref);
  g_clear_pointer (&im->elements, g_hash_table_unref);
  g_clear_pointer (&im->instances, g_ptr_array_unref);
}

SwModel *
sw_modelica_import (const char *data, gssize length, const char *display_name, GError **error)
{
  return sw_modelica_import_in (data, length, display_name, NULL, error);
}

SwModel *
sw_modelica_import_in (const char *data, gssize length, const char *display_name, const char *folder, GError **error)
{
  return sw_modelica_import_model (data, length, display_name, folder, NULL, error);
}

SwModel *
sw_modelica_import_model (const char *data, gssize length, const char *display_name, const char *folder,
                          const char *model_name, GError **error)
{
  g_autoptr (MoClass) klass = NULL;
  g_autoptr (SwModel) model = NULL;
  Import im = { display_name != NULL ? display_name : "<memory>" };

  g_return_val_if_fail (data != NULL, NULL);
  if (length < 0)
    length = (gssize) strlen (data);
  /* A byte order mark (Windows editors, Dymola) is not text. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    data += 3, length -= 3;
  /* A NUL is valid UTF-8 to no text reader: said as what it is, where. */
  {
    const char *nul = memchr (data, '\0', (gsize) length);

    if (nul != NULL)
      {
        guint line = 1;
        const char *line_start = data;

        for (const char *p = data; p < nul; p++)
          if (*p == '\n')
            line++, line_start = p + 1;
        g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                     _("%s:%u:%ld: error: a NUL byte is not allowed; a Modelica model is text"), im.file, line,
                     g_utf8_validate (line_start, nul - line_start, NULL)
                       ? g_utf8_pointer_to_offset (line_start, nul) + 1 : (long) (nul - line_start) + 1);
        return NULL;
      }
  }
  {
    const char *bad;

    /* Where, and what: a file saved in Latin-1 or Windows-1252 by an
     * older tool has its first such byte in a comment or a string. */
    if (!g_utf8_validate (data, length, &bad))
      {
        guint line = 1;
        const char *line_start = data;

        for (const char *p = data; p < bad; p++)
          if (*p == '\n')
            line++, line_start = p + 1;
        g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                     _("%s:%u:%ld: error: the file is not UTF-8 text (byte 0x%02X); Modelica files are UTF-8: save "
                       "it as UTF-8"), im.file, line, g_utf8_pointer_to_offset (line_start, bad) + 1, (guchar) *bad);
        return NULL;
      }
  }
  if (!(klass = _sw_mo_parse_model (data, (gsize) length, im.file, model_name, error)))
    return NULL;
  model = sw_model_new ();
  sw_model_set_name (model, klass->name);
  im.klass = klass;
  im.within = klass->within;
  im.model = model;
  im.defs = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) _sw_mo_def_free);
  im.read_files = g_ptr_array_new_with_free_func (g_free);
  im.folder = folder;
  _sw_mo_fill (&im);
  g_hash_table_unref (im.defs);
  for (guint k = 0; k < im.read_files->len; k++)
    _sw_model_add_read_file (model, im.read_files->pdata[k]);
  g_ptr_array_unref (im.read_files);
  if (im.error != NULL)
    {
      g_propagate_error (error, im.error);
      return NULL;
    }
  sw_model_set_display_name (model, im.file);
  return g_steal_pointer (&model);
}

SwModel *
sw_modelica_import_file (const char *path, GError **error)
{
  return sw_modelica_import_file_model (path, NULL, error);
}

SwModel *
sw_modelica_import_file_model (const char *path, const char *model_name, GError **error)
{
  g_autofree char *data = NULL, *display_name = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  display_name = g_filename_display_name (path);
  /* As a model file is read: a folder named as one, a device or a pipe
   * (/dev/zero) read only up to its first NUL, never for ever. */
  if (!_sw_model_file_read (path, &data, &length, error))
    return NULL;
  /* Examples/package.mo of MSL 4: the model is a file beside it. */
  {
    GError *local = NULL;
    g_autofree char *file = _sw_mo_folder_model (path, display_name, data, length, model_name, &local);

    if (local != NULL)
      {
        g_propagate_error (error, local);
        return NULL;
      }
    if (file != NULL)
      return sw_modelica_import_file_model (file, NULL, error);
  }
  return sw_modelica_import_model (data, (gssize) length, display_name, NULL, model_name, error);
}

char **
sw_modelica_list_models (const char *data, gssize length)
{
  g_return_val_if_fail (data != NULL, NULL);
  if (length < 0)
    length = (gssize) strlen (data);
  return _sw_mo_list_models (data, (gsize) length);
}

char **
sw_modelica_list_folder_models (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  if (!_sw_model_file_read (path, &data, &length, NULL))
    return NULL;
  return _sw_mo_folder_models (path, data, length);
}
