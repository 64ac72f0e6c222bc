/* sw-modelica-import-starts.c: the start, fixed and nominal attributes
 * of an imported component's variables (phi(start = 0, fixed = true),
 * w_rel(start = 2, fixed = true), phi(nominal = 1e-3)) turned into the
 * kind's initial and nominal parameters; what a kind does not take is an
 * error listing what it takes, and what changes nothing here (a friction
 * element's mode start flags, a Position source's start at rest) is
 * accepted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-kind.h"

/* Modelica's start attributes with fixed = true and the kinds'
 * initial-value parameters they set. */
const MoStart _sw_mo_starts[] = {
  { "phi", "phi0" }, { "w", "w0" }, { "s", "s0" }, { "v", "v0" },
  { "phi_rel", "phi_rel_start" }, { "w_rel", "w_rel_start" }, { "s_rel", "s_rel_start" }, { "v_rel", "v_rel_start" },
  { "a", "a_start" }, { "a_rel", "a_rel_start" },
};
const guint _sw_mo_n_starts = G_N_ELEMENTS (_sw_mo_starts);

/* A nominal value (phi(nominal = 1e-3), or MSL's phi_nominal of a
 * compliant element's relative states): the kind's NAME_nominal where it
 * has one (a body's state); otherwise no state here has it, and it is
 * only checked. Never refused when it is > 0. */
void
_sw_mo_nominal_value (Import *im, const MoElement *el, guint index, const char *variable, const MoExpr *value,
                      guint line, guint column)
{
  const SwKind *kind = sw_model_get_component (im->model, index)->kind;
  g_autofree char *param = g_str_has_suffix (variable, "_nominal") ? g_strdup (variable)
                                                                     : g_strdup_printf ("%s_nominal", variable);
  GError *error = NULL;
  double x = 0;

  if (value == NULL)
    {
      _sw_mo_fail (im, line, column, _("%s.%s needs a value"), el->name, param);
      return;
    }
  if (!_sw_mo_eval_number (im, value, &x))
    return;
  if (sw_kind_find_param (kind, param) >= 0)
    {
      if (!sw_model_set_param (im->model, index, param, x, &error))
        _sw_mo_fail_with (im, line, column, error);
    }
  else if (!(x > 0) || !isfinite (x))
    {
      g_autofree char *what = g_str_has_suffix (variable, "_nominal") ? g_strdup (variable)
                                                                        : g_strdup_printf ("%s(nominal)", variable);

      _sw_mo_fail (im, line, column, _("%s.%s = %g is not a valid nominal value; valid: > 0"), el->name, what, x);
    }
}

/* The Modelica variables whose start the kind takes ("phi_rel, w_rel"),
 * or "". */
static char *
valid_starts (const SwKind *kind)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < _sw_mo_n_starts; k++)
    if (sw_kind_find_param (kind, _sw_mo_starts[k].param) >= 0)
      g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", _sw_mo_starts[k].variable);
  return g_string_free (s, FALSE);
}

/* A variable the MSL class declares with fixed = true (Speed's phi and
 * s): a start given in a model takes effect without it. */
static gboolean
declared_fixed (const SwKind *kind, const char *variable)
{
  return (strcmp (kind->name, "rotational.speed") == 0 && strcmp (variable, "phi") == 0)
         || (strcmp (kind->name, "translational.speed") == 0 && strcmp (variable, "s") == 0);
}

/* Start attributes that change nothing here, TRUE when m is one (an
 * error set when its value is not what the engine does):
 * - a friction element's discrete start flags (OneWayClutch's
 *   startForward(fixed = true), stuck, mode, …): the engine decides the
 *   modes at t = 0 from the motion, as Modelica's pre values false let it;
 * - a Position source's speed and acceleration (w, a; v, a), which start
 *   at 0 (the filter at rest; exact: Modelica's dummy 0). */
static gboolean
starts_without_effect (Import *im, const MoElement *el, const SwKind *kind, const MoMod *m, const MoMod *start,
                       double is_fixed)
{
  static const char *const flags[] = {
    "startForward", "startBackward", "stuck", "locked", "free", "mode", NULL,
  };
  double x = 0;

  if (kind->friction != NULL && g_strv_contains (flags, m->name))
    return TRUE;
  if (!g_str_has_suffix (kind->name, ".position") || is_fixed == 0
      || !(strcmp (m->name, "w") == 0 || strcmp (m->name, "v") == 0 || strcmp (m->name, "a") == 0))
    return FALSE;
  if (start != NULL && start->value != NULL && !_sw_mo_eval_number (im, start->value, &x))
    return TRUE;
  if (x != 0)
    _sw_mo_fail (im, start->line, start->column,
          _("%s.%s(start = %g, fixed = true) is not supported: a Position source's flange starts at rest "
            "relative to its support; valid: start = 0"), el->name, m->name, x);
  return TRUE;
}

/* phi (start = 0, fixed = true) and the like. */
void
_sw_mo_start_attribute (Import *im, const MoElement *el, guint index, const MoMod *m)
{
  const SwKind *kind = sw_model_get_component (im->model, index)->kind;
  MoMod *start = _sw_mo_find (m->children, "start"), *fixed = _sw_mo_find (m->children, "fixed");
  MoMod *nominal = _sw_mo_find (m->children, "nominal");
  double x = 0, is_fixed = 0;
  GError *error = NULL;
  const char *param = NULL;
  gboolean ok = TRUE;

  if (nominal != NULL)
    {
      _sw_mo_nominal_value (im, el, index, m->name, nominal->value, nominal->line, nominal->column);
      if (im->error != NULL)
        return;
    }
  if (fixed != NULL && fixed->value != NULL && !_sw_mo_eval_number (im, fixed->value, &is_fixed))
    return;
  /* A Boolean: 2 is no more "fixed" than true, it is a mistake. */
  if (is_fixed != 0 && is_fixed != 1)
    {
      char text[G_ASCII_DTOSTR_BUF_SIZE];

      _sw_mo_fail (im, fixed->line, fixed->column, _("%s.%s: fixed = %s; valid: true or false"), el->name, m->name,
                   g_ascii_dtostr (text, sizeof text, is_fixed));
      return;
    }
  /* Modelica's Speed declares phi (s) fixed itself: a start given is
   * its initial angle, with or without fixed. */
  if (fixed == NULL && start != NULL && declared_fixed (kind, m->name))
    is_fixed = 1;
  if (starts_without_effect (im, el, kind, m, start, is_fixed))
    return;
  for (guint k = 0; k < _sw_mo_n_starts; k++)
    if (strcmp (m->name, _sw_mo_starts[k].variable) == 0)
      param = _sw_mo_starts[k].param;
  if (start != NULL && start->value != NULL)
    {
      g_autofree char *target = param != NULL ? g_strdup_printf ("%s.%s", el->name, param) : NULL;

      im->allow_own = is_fixed != 0 && target != NULL && _sw_mo_bind (im, start->value, target);
      ok = _sw_mo_eval_number (im, start->value, &x);
      im->allow_own = FALSE;
    }
  if (!ok)
    return;
  /* Without fixed = true a start value is a guess the solver may change. */
  if (is_fixed == 0)
    return;
  for (guint k = 0; k < _sw_mo_n_starts; k++)
    if (strcmp (m->name, _sw_mo_starts[k].variable) == 0 && sw_kind_find_param (kind, _sw_mo_starts[k].param) >= 0)
      {
        if (!sw_model_set_param (im->model, index, _sw_mo_starts[k].param, x, &error))
          _sw_mo_fail_with (im, m->line, m->column, error);
        return;
      }
  {
    g_autofree char *valid = valid_starts (kind);

    if (valid[0] == '\0')
      _sw_mo_fail (im, m->line, m->column, _("%s.%s (fixed = true) is not supported: %s takes no initial values"), el->name,
            m->name, kind->name);
    else
      _sw_mo_fail (im, m->line, m->column, _("%s.%s (fixed = true) is not supported: %s takes initial values %s"), el->name,
            m->name, kind->name, valid);
  }
}
